/** Bodies under this many bytes go out as they are: compression would save less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

export type BodyEncoding = 'br' | 'gzip';

const known = new Map<string, BodyEncoding | null>();

const parse = (header: string): BodyEncoding | null => {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
};

/**
 * The encoding to send a pre-compressed body in for this Accept-Encoding: brotli, else gzip, else none
 * (`;q=0` refuses a coding). Browsers send a handful of distinct headers, so answers are remembered
 * (bounded) and a poll costs one map lookup.
 */
export const preferredEncoding = (header: string | undefined): BodyEncoding | null => {
  if (!header) return null;
  let encoding = known.get(header);
  if (encoding === undefined) {
    encoding = parse(header);
    if (known.size >= 256) known.clear();
    known.set(header, encoding);
  }
  return encoding;
};
