import * as z from 'zod/mini';

// Shared rules for text that reaches the database or a page. PostgreSQL cannot store NUL in `text` (it was a 500),
// and other control characters in a name or a link are never what a person typed.

/** Unicode's control characters (Cc): C0, DEL and C1. */
const CONTROL = /\p{Cc}/u;
/** The same, but line breaks and tabs are allowed (descriptions, chat). */
const CONTROL_EXCEPT_LINES = /(?![\n\r\t])\p{Cc}/u;

export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed';

/** True when `text` has no control character (line breaks and tabs allowed when `multiline`). */
export const isPlainText = (text: string, opts: { multiline?: boolean } = {}): boolean =>
  !(opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(text);

/** A trimmed text field of at most `max` characters without control characters. */
export const ZPlainText = (opts: { min?: number; max: number; multiline?: boolean; minMessage?: string }) =>
  z.string().check(
    z.trim(),
    z.refine((v) => isPlainText(v, opts), CONTROL_CHARS_MESSAGE),
    z.minLength(opts.min ?? 0, opts.minMessage),
    z.maxLength(opts.max),
  );

/**
 * A whole number in a query string, written in plain decimal digits: `0x10`, `1e1`, ` 16`, `16.0` and an empty
 * value are refused (Number() would take all of them). `fallback` is the value when the parameter is absent.
 */
export const ZQueryInt = (min: number, max: number, fallback: number) =>
  z._default(
    z.pipe(
      z.string().check(z.regex(/^(0|[1-9][0-9]{0,14})$/, 'Expected a whole number in decimal digits')),
      z.pipe(
        z.transform((v: string) => Number(v)),
        z.number().check(z.gte(min), z.lte(max)),
      ),
    ),
    fallback,
  );

/** Earliest and latest instants the API accepts in a date (PostgreSQL's timestamptz holds years 4713 BC–294276). */
export const DATE_RANGE = {
  min: Date.UTC(1970, 0, 1),
  max: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
} as const;

/** True for an ISO 8601 date-time between 1970 and 9999 (what our cursors and timestamps carry). */
export const isBoundedIsoDate = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(text)) return false;
  const t = Date.parse(text);
  return t >= DATE_RANGE.min && t <= DATE_RANGE.max;
};
