import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import * as contracts from './index.ts';
import { ZRealtimeClientMessage } from './realtime.ts';
import { stringLeaves } from './schema-walk.ts';
import {
  BIDI_CHARS_MESSAGE,
  CONTROL_CHARS_MESSAGE,
  INVALID_UNICODE_MESSAGE,
  INVISIBLE_CHARS_MESSAGE,
  stringRuleOf,
  ZText,
} from './text.ts';

const messagesOf = (schema: $ZodType, value: unknown): string[] => {
  const result = (
    schema as unknown as { safeParse(v: unknown): { error?: { issues: { message: string }[] } } }
  ).safeParse(value);
  return result.error?.issues.map((i) => i.message) ?? [];
};
const parse = (schema: $ZodType, value: unknown): unknown =>
  (schema as unknown as { parse(v: unknown): unknown }).parse(value);

describe('ZText, the one text type of every free-text input', () => {
  const name = ZText({ kind: 'name', min: 1, max: 20 });
  const line = ZText({ kind: 'line', max: 100 });
  const multiline = ZText({ kind: 'multiline', max: 100 });

  it('refuses NUL and every other control character, keeping line breaks and tabs only in multiline text', () => {
    const controls = [
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
      '\u007f',
      '\u0085',
      '\u009b',
    ];
    for (const c of controls) {
      const value = `a${c}b`;
      expect(messagesOf(name, value), JSON.stringify(value)).toContain(CONTROL_CHARS_MESSAGE);
      expect(messagesOf(line, value), JSON.stringify(value)).toContain(CONTROL_CHARS_MESSAGE);
      if (c === '\n' || c === '\t' || c === '\r') expect(messagesOf(multiline, value)).toEqual([]);
      else expect(messagesOf(multiline, value), JSON.stringify(value)).toContain(CONTROL_CHARS_MESSAGE);
    }
    expect(parse(multiline, 'one\r\ntwo\rthree\tfour')).toBe('one\ntwo\nthree\tfour');
  });

  it('refuses bidi overrides and isolates everywhere, and invisible format characters in names', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      for (const schema of [name, line, multiline])
        expect(messagesOf(schema, `gpj${c}.exe`)).toContain(BIDI_CHARS_MESSAGE);
    for (const c of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'])
      expect(messagesOf(name, `MI${c}NT`), JSON.stringify(c)).toContain(INVISIBLE_CHARS_MESSAGE);
    // Emoji sequences are joined by U+200D: free text keeps them.
    expect(parse(multiline, 'gm 👨‍👩‍👧')).toBe('gm 👨‍👩‍👧');
  });

  it('refuses lone surrogates', () => {
    expect(messagesOf(line, 'a\ud800b')).toEqual([INVALID_UNICODE_MESSAGE]);
    expect(messagesOf(line, '💥')).toEqual([]);
  });

  it('normalises (NFKC for names, NFC for text) and trims before counting', () => {
    expect(parse(name, '  ＭＩＮＴ  ')).toBe('MINT');
    expect(parse(line, 'cafe\u0301')).toBe('café');
    expect(parse(line, 'ＭＩＮＴ')).toBe('ＭＩＮＴ');
    expect(messagesOf(name, `   ${'a'.repeat(20)}   `)).toEqual([]);
    expect(messagesOf(name, '   ').length).toBe(1);
  });
});

/**
 * Exported schemas a client's input is parsed with (the route fuzzer finds the HTTP ones from the route table
 * too). By name: request bodies, queries, path parameters and the realtime socket's client frames.
 */
const INPUT_NAME = /(Request|Body|Query|Params|Update|Upsert|Reason|Nsfw|ClientMessage)$|^ZPost|^ZSetLive$/;
const inputSchemas = Object.entries(contracts).filter(
  ([key, value]) => INPUT_NAME.test(key) && typeof value === 'object' && value !== null && '_zod' in value,
) as [string, $ZodType][];

describe('every string a client sends is a ZText or a named format', () => {
  it('finds the input schemas by name', () => {
    const names = inputSchemas.map(([key]) => key);
    for (const known of [
      'ZStreamUpsert',
      'ZPostChatMessage',
      'ZPostTip',
      'ZReportRequest',
      'ZAdminReason',
      'ZAdminNsfw',
      'ZProfileUpdate',
      'ZChatSettingsUpdate',
      'ZLiveTokenRequest',
      'ZSiweVerifyBody',
      'ZStreamSearchQuery',
      'ZRealtimeClientMessage',
    ])
      expect(names).toContain(known);
    expect(inputSchemas.map(([, s]) => s)).toContain(ZRealtimeClientMessage);
  });

  it('has no bare z.string() in any input schema', () => {
    const bare: string[] = [];
    for (const [key, schema] of inputSchemas)
      for (const leaf of stringLeaves(schema))
        if (!stringRuleOf(leaf.schema)) bare.push(`${key}.${leaf.path.join('.') || '(root)'}`);
    expect(bare).toEqual([]);
  });

  it('uses text rules for the free-text fields the hostile test found (report details, reasons, tips)', () => {
    const ruleAt = (schema: $ZodType, path: string) =>
      stringLeaves(schema)
        .filter((l) => l.path.join('.') === path)
        .map((l) => stringRuleOf(l.schema));
    expect(ruleAt(contracts.ZReportRequest, 'details')).toEqual([
      'text:multiline',
      'text:multiline',
      'text:multiline',
    ]);
    expect(ruleAt(contracts.ZAdminReason, 'reason')).toEqual(['text:multiline']);
    expect(ruleAt(contracts.ZAdminNsfw, 'reason')).toEqual(['text:multiline']);
    expect(ruleAt(contracts.ZPostTip, 'message')).toEqual(['text:multiline']);
    expect(ruleAt(contracts.ZStreamUpsert, 'name')).toEqual(['text:name']);
    expect(ruleAt(contracts.ZStreamUpsert, 'symbol')).toEqual(['text:name']);
  });
});
