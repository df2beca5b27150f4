export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only http(s) URLs become links; trailing punctuation stays text.
const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Split message text into plain text and http(s) links; everything is rendered as text, never as HTML. */
export const linkify = (content: string): TextPart[] => {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    let href: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
      href = parsed.href;
    } catch {
      continue;
    }
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
};
