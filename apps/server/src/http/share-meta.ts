import { DEFAULT_THUMBNAIL, isTokenAddress, type TStream } from '@mintcast/contracts';

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
