import * as contracts from '@mintcast/contracts';
import fc from 'fast-check';

/**
 * Generated hostile input for the route fuzzer: text that breaks parsers and databases, numbers at and past
 * every range, dates past what PostgreSQL holds, wrong JSON types and wrong content types.
 */

const MINT = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';

/** Hand-picked strings that have broken real servers (ours included: NUL and 2^63 were 500s). */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\r\n',
  '\uFEFF',
  '\uD800',
  '\uFFFF',
  '💥'.repeat(300),
  'x'.repeat(20_000),
  '-1',
  '0',
  '1.5',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999999',
  '-9223372036854775809',
  'null',
  'undefined',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE streams; --',
  '<script>alert(1)</script>',
  "$' $` $&",
  '../../etc/passwd',
  '%00',
  '%',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '2026-13-45T99:99:99Z',
  MINT,
  MINT.toUpperCase(),
  `0x${'g'.repeat(40)}`,
  `stream-${MINT}`,
  'AAAA',
  Buffer.from('{"live":true,"createdAt":"+275760-09-13T00:00:00.000Z","mint":"\u0000"}').toString(
    'base64url',
  ),
  Buffer.from('{"offset":1e300}').toString('base64url'),
];

/** Any text: hand-picked, or random code units (controls and lone surrogates included). */
export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  );

const nastyNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(
      -1,
      0,
      1,
      0.5,
      -0.5,
      2 ** 31,
      2 ** 53 + 2,
      2 ** 63,
      -(2 ** 63),
      1e308,
      -1e308,
      8.64e15 + 1,
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/** A JSON value of any type, mostly hostile scalars, sometimes nested. */
export const nastyJson = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      nastyString(),
      nastyNumber(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(nastyString(), tie('value'), { maxKeys: 3 }),
    ),
  })).value;

/** Every field name any contract declares (so a new field is fuzzed without listing it), plus strangers. */
const contractFieldNames = (): string[] => {
  const names = new Set<string>(['__proto__', 'constructor', 'id', 'address', 'creator_address']);
  for (const value of Object.values(contracts)) {
    const shape = (value as { _zod?: { def?: { shape?: object } } } | null)?._zod?.def?.shape;
    if (shape && typeof shape === 'object') for (const key of Object.keys(shape)) names.add(key);
  }
  return [...names].sort();
};
export const FIELD_NAMES = contractFieldNames();

/** A request body object whose keys are contract field names (mostly) with hostile values. */
export const nastyBodyObject = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, nastyString()),
    nastyJson(),
    {
      maxKeys: 6,
    },
  );

/** A path segment: an encoded hostile value, a valid-looking id, or raw (possibly malformed) percent-encoding. */
export const nastyPathSegment = (): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: nastyString().map((v) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'))),
    },
    { weight: 2, arbitrary: fc.constantFrom(MINT, '1', '9223372036854775807', '9223372036854775808') },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2F', '%ZZ') },
  );

const encodeQueryPart = (v: string) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'));

/** A raw query string: contract field names with hostile values, repeated keys, malformed escapes. */
export const nastyQuery = (): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString()), nastyString()), {
          maxLength: 5,
        })
        // The live-status long-poll waits 25 s when `live` already matches: keep that one boolean out.
        .map((pairs) => pairs.filter(([k, v]) => !(k === 'live' && (v === 'true' || v === 'false'))))
        .map((pairs) => pairs.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`).join('&')),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', 'a=%E0%A4%A', '&&&', '=', 'limit=1&limit=2', 'q=%00') },
  );

/** A raw body with a content type: JSON of the wrong shape, broken JSON, or a type the route does not take. */
export const nastyPayload = (): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: nastyBodyObject().map((o) => ({
        contentType: 'application/json',
        payload: JSON.stringify(o),
      })),
    },
    {
      weight: 2,
      arbitrary: nastyJson().map((v) => ({
        contentType: 'application/json',
        payload: JSON.stringify(v) ?? 'null',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'image/jpeg',
          'image/webp',
          'application/webhook+json',
          'application/octet-stream',
        ),
        payload: fc.oneof(nastyString(), fc.constantFrom('{', '{"a":', '\u0000', '[1,2')),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
