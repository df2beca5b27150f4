import * as z from 'zod/mini';
import type { $ZodCheck, $ZodType } from 'zod/v4/core';

// The one text type of the API (issue 28): every free-text field a client sends is a `ZText`, and every other
// string it sends is a named `format` (an address, a hash, a cursor). A contracts test and the route fuzzer walk
// every input schema and fail on a bare `z.string()`, so a new field cannot skip these rules.
//
// Why each rule: PostgreSQL cannot store NUL in `text` (it was a 500, three times); other control characters
// (ESC, BEL, C1) are never what a person typed and reach terminals and logs; bidi overrides and isolates
// (U+202A–U+202E, U+2066–U+2069) make a name or message read differently from what it is ("gpj.exe" shown as
// "exe.jpg"); invisible format characters (zero-width joiners and spaces, soft hyphens) let two names that look
// the same differ; a lone surrogate is not Unicode and comes out of the database as U+FFFD.

/** Unicode's control characters (Cc): C0, DEL and C1. */
const CONTROL = /\p{Cc}/u;
/** The same, but line breaks and tabs are allowed (descriptions, chat). */
const CONTROL_EXCEPT_LINES = /(?![\n\t])\p{Cc}/u;
/** Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Every format character (Cf): zero-width joiners and spaces, soft hyphen, BOM, bidi controls, tags. */
const FORMAT_CHAR = /\p{Cf}/u;
/** Half of a surrogate pair without the other half. */
const LONE_SURROGATE = /\p{Cs}/u;

export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed';
export const BIDI_CHARS_MESSAGE = 'Characters that change the direction of text are not allowed';
export const INVISIBLE_CHARS_MESSAGE = 'Invisible characters are not allowed in names';
export const INVALID_UNICODE_MESSAGE = 'Text must be valid Unicode';

/** True when `text` has no control character (line breaks and tabs allowed when `multiline`). */
export const isPlainText = (text: string, opts: { multiline?: boolean } = {}): boolean =>
  !(opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(text);

/**
 * What a text field holds:
 * - `name`: a name, symbol or title, one line. NFKC (fullwidth "ＭＩＮＴ" is "MINT"), and no format character at
 *   all, visible or not.
 * - `line`: free text on one line (a search, a reason). NFC; zero-width joiners stay (emoji sequences).
 * - `multiline`: free text with line breaks and tabs (a description, a chat message). NFC, CRLF → LF.
 */
export type TextKind = 'name' | 'line' | 'multiline';

export interface TextOptions {
  kind: TextKind;
  min?: number;
  max: number;
  minMessage?: string;
  maxMessage?: string;
  /** Further checks of the normalised text (a URL's scheme, a pattern). */
  checks?: $ZodCheck<string>[];
}

const formats = new WeakMap<object, string>();

/**
 * A string input that is not free text, registered under a name (`address`, `tx-hash`, `cursor`...): its own
 * pattern refuses everything outside it, so the text rules do not apply. Returns the schema itself.
 */
export const format = <S extends $ZodType>(name: string, schema: S): S => {
  formats.set(schema, `format:${name}`);
  return schema;
};

/** `text:<kind>` for a ZText, `format:<name>` for a registered format, undefined for any other schema. */
export const stringRuleOf = (schema: unknown): string | undefined =>
  schema && typeof schema === 'object' ? formats.get(schema) : undefined;

/**
 * The text type: normalised (NFKC for names, NFC otherwise), trimmed, then refused when it holds NUL or another
 * control character (line breaks and tabs only in `multiline`), a bidi control, a lone surrogate, or (names) any
 * invisible format character. Lengths count the normalised, trimmed text.
 */
export const ZText = (opts: TextOptions) => {
  const multiline = opts.kind === 'multiline';
  const schema = z.string().check(
    z.refine((v) => !LONE_SURROGATE.test(v), { message: INVALID_UNICODE_MESSAGE, abort: true }),
    z.normalize(opts.kind === 'name' ? 'NFKC' : 'NFC'),
    ...(multiline ? [z.overwrite((v: string) => v.replace(/\r\n?/g, '\n'))] : []),
    z.trim(),
    z.refine((v) => isPlainText(v, { multiline }), CONTROL_CHARS_MESSAGE),
    z.refine((v) => !BIDI_CONTROL.test(v), BIDI_CHARS_MESSAGE),
    ...(opts.kind === 'name' ? [z.refine<string>((v) => !FORMAT_CHAR.test(v), INVISIBLE_CHARS_MESSAGE)] : []),
    z.minLength(opts.min ?? 0, opts.minMessage),
    z.maxLength(opts.max, opts.maxMessage),
    ...(opts.checks ?? []),
  );
  formats.set(schema, `text:${opts.kind}`);
  return schema;
};

/**
 * A whole number in a query string, written in plain decimal digits: `0x10`, `1e1`, ` 16`, `16.0` and an empty
 * value are refused (Number() would take all of them). `fallback` is the value when the parameter is absent.
 */
export const ZQueryInt = (min: number, max: number, fallback: number) =>
  z._default(
    z.pipe(
      format(
        'decimal',
        z.string().check(z.regex(/^(0|[1-9][0-9]{0,14})$/, 'Expected a whole number in decimal digits')),
      ),
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
