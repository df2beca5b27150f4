import { clipPath, DEFAULT_THUMBNAIL, isTokenAddress, type TClip, type TStream } from '@mintcast/contracts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const absolute = (url: string, origin: string): string => {
  try {
    return new URL(url, origin).toString();
  } catch {
    return new URL(DEFAULT_THUMBNAIL, origin).toString();
  }
};

/** The mint named by a `/livestream/{mint}` page URL, if it is one. */
export const streamPageMint = (url: string): string | null => {
  const m = url.split('?')[0]?.match(/^\/livestream\/([^/]+)\/?$/);
  const id = m?.[1] ? decodeURIComponent(m[1]) : '';
  return isTokenAddress(id) ? id.toLowerCase() : null;
};

/**
 * OpenGraph and Twitter tags for a stream page, so a shared link previews the token and stream. Crawlers
 * don't run the SPA, so the server writes these into index.html.
 */
export const streamShareTags = (stream: TStream, origin: string): string => {
  const title = `${stream.name} ($${stream.symbol}) ${stream.is_currently_live ? 'is live' : 'stream'} on Mintcast`;
  const description =
    stream.description || `Watch ${stream.name} live trading streams and chat on Mintcast (BNB Smart Chain).`;
  const image = absolute(stream.thumbnail || stream.image_uri, origin);
  const url = `${origin}/livestream/${stream.mint}`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:site_name', 'Mintcast'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
    .join('\n    ');
};

/** `html` with the text between the first `start` and the next `end` (markers excluded) replaced by `text`. */
const spliceBetween = (html: string, start: string, end: string, text: string): string => {
  const from = html.indexOf(start);
  const to = from < 0 ? -1 : html.indexOf(end, from + start.length);
  if (to < 0) return html;
  return html.slice(0, from + start.length) + text + html.slice(to);
};

/**
 * index.html with the stream's share tags (and title) in its head. Built by slicing, never with a
 * replacement-string `String.replace`: that would interpret `$'`, `` $` `` and `$&` in a stream's name.
 */
export const withShareTags = (html: string, stream: TStream, origin: string): string => {
  const title = escapeHtml(`${stream.name} ($${stream.symbol}) · Mintcast`);
  const titled = spliceBetween(html, '<title>', '</title>', title);
  const headEnd = titled.indexOf('</head>');
  if (headEnd < 0) return titled;
  return `${titled.slice(0, headEnd)}    ${streamShareTags(stream, origin)}\n  ${titled.slice(headEnd)}`;
};

/** The id named by a `/clip/{id}` page URL, if it is one. */
export const clipPageId = (url: string): string | null => {
  const m = url
    .split('?')[0]
    ?.match(/^\/clip\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i);
  return m?.[1]?.toLowerCase() ?? null;
};

/**
 * OpenGraph and Twitter player tags for a clip page, so X, Telegram and Discord play the MP4 inline (issue 30):
 * `og:video` with its type and size, the poster as `og:image`, and Twitter's player card over the same MP4.
 */
export const clipShareTags = (clip: TClip, tokenName: string, origin: string): string => {
  const title = `${clip.title} · ${tokenName} clip on Mintcast`;
  const description = `A ${Math.round(clip.durationMs / 1000)} s clip of the ${tokenName} live stream on Mintcast.`;
  const video = absolute(clip.videoUrl, origin);
  const image = absolute(clip.posterUrl, origin);
  const page = `${origin}${clipPath(clip.id)}`;
  const [w, h] = [String(clip.width), String(clip.height)];
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:site_name', 'Mintcast'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', page],
    ['property', 'og:image', image],
    ['property', 'og:image:width', w],
    ['property', 'og:image:height', h],
    ['property', 'og:video', video],
    ['property', 'og:video:secure_url', video],
    ['property', 'og:video:type', 'video/mp4'],
    ['property', 'og:video:width', w],
    ['property', 'og:video:height', h],
    ['name', 'twitter:card', 'player'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
    ['name', 'twitter:player', page],
    ['name', 'twitter:player:width', w],
    ['name', 'twitter:player:height', h],
    ['name', 'twitter:player:stream', video],
    ['name', 'twitter:player:stream:content_type', 'video/mp4'],
  ];
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
    .join('\n    ');
};

/** index.html with a clip's share tags and title in its head (sliced, like `withShareTags`). */
export const withClipShareTags = (html: string, clip: TClip, tokenName: string, origin: string): string => {
  const titled = spliceBetween(html, '<title>', '</title>', escapeHtml(`${clip.title} · clip · Mintcast`));
  const headEnd = titled.indexOf('</head>');
  if (headEnd < 0) return titled;
  return `${titled.slice(0, headEnd)}    ${clipShareTags(clip, tokenName, origin)}\n  ${titled.slice(headEnd)}`;
};
