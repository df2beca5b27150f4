const escapeAttribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML another site pastes to play this stream in its page (`/embed/{mint}` may be framed; issue 35). */
export const embedSnippet = (origin: string, mint: string, title: string): string =>
  `<iframe src="${origin}/embed/${mint}" title="${escapeAttribute(title)}" width="640" height="400" ` +
  'style="border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>';
