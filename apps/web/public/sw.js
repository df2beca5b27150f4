/*
 * Mintcast's service worker: Web Push only. It has no fetch handler and caches nothing, so the app a visitor
 * gets is always the one the server serves now (never a stale build after a deploy); pages, files and the API
 * go to the network exactly as without it.
 */
const LIVE_NOW = { en: 'is live now', es: 'está en directo', fr: 'est en direct' };
/** A scheduled broadcast someone asked to be reminded of (issue 35 item 3), 5 minutes before its time. */
const STARTS_SOON = { en: 'Starts in 5 minutes', es: 'Empieza en 5 minutos', fr: 'Commence dans 5 minutes' };

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    return;
  }
  const kind = data?.type;
  if (kind !== 'stream_went_live' && kind !== 'schedule_reminder') return;
  const lang = String(self.navigator.language || 'en').slice(0, 2);
  // Only our own pages open from a notification.
  const url = new URL(String(data.url || '/'), self.location.origin);
  const target = url.origin === self.location.origin ? url.href : `${self.location.origin}/`;
  const live = kind === 'stream_went_live';
  event.waitUntil(
    self.registration.showNotification(`${data.name} ($${data.symbol})`, {
      body: live ? LIVE_NOW[lang] || LIVE_NOW.en : `${STARTS_SOON[lang] || STARTS_SOON.en}: ${data.title}`,
      icon: data.image_uri?.startsWith('https:') ? data.image_uri : '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: `${live ? 'live' : 'schedule'}-${data.mint}`,
      data: { url: target },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url;
  if (!url) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((t) => t.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
