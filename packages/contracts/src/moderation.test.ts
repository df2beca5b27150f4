import { describe, expect, it } from 'vitest';
import {
  chatModeLabels,
  DEFAULT_CHAT_RULES,
  effectiveChatRules,
  findBannedWord,
  ZChatSettingsUpdate,
  ZReportRequest,
} from './moderation.ts';

describe('findBannedWord', () => {
  it('matches whole words in any case, in any script, with punctuation around', () => {
    expect(findBannedWord('This is a SCAM!', ['scam'])).toBe('scam');
    expect(findBannedWord('scam', ['scam'])).toBe('scam');
    expect(findBannedWord('(Scam)', ['scam'])).toBe('scam');
    expect(findBannedWord('¡ESTAFA!', ['estafa'])).toBe('estafa');
    expect(findBannedWord('a total rug pull', ['rug pull'])).toBe('rug pull');
  });

  it('does not match inside other words or on regex characters', () => {
    expect(findBannedWord('scammers and scampi', ['scam'])).toBeNull();
    expect(findBannedWord('classic', ['ass'])).toBeNull();
    expect(findBannedWord('naïve', ['na'])).toBeNull();
    expect(findBannedWord('anything', ['.*'])).toBeNull();
    expect(findBannedWord('cost is $5', ['$5'])).toBe('$5');
    expect(findBannedWord('hello', [])).toBeNull();
  });
});

describe('chat settings and reports', () => {
  it('labels the modes a viewer sees', () => {
    expect(chatModeLabels({ ...DEFAULT_CHAT_RULES, slowModeSeconds: 10, followersOnly: true })).toEqual([
      'Slow mode: 10 s',
      'Followers-only chat',
    ]);
    expect(chatModeLabels(DEFAULT_CHAT_RULES)).toEqual([]);
  });

  it('Shield mode puts followers-only, a 30 s slow mode and no links on top of the settings, and keeps them', () => {
    const set = { slowModeSeconds: 5, followersOnly: false, linkAllowlist: ['x.com'], shield: true };
    expect(effectiveChatRules(set)).toEqual({
      slowModeSeconds: 30,
      followersOnly: true,
      linkAllowlist: [],
      shield: true,
    });
    expect(effectiveChatRules({ ...set, slowModeSeconds: 60 }).slowModeSeconds).toBe(60);
    expect(effectiveChatRules({ ...set, shield: false })).toEqual({ ...set, shield: false });
    expect(chatModeLabels(set)).toEqual(['Shield mode', 'Slow mode: 30 s', 'Followers-only chat']);
  });

  it('takes only plain domain names into the link allowlist, at most 30', () => {
    expect(
      ZChatSettingsUpdate.safeParse({ linkAllowlist: ['x.com', 'docs.pancakeswap.finance'] }).success,
    ).toBe(true);
    for (const bad of ['https://x.com', 'x', 'X.COM', 'a b.com', '', 'x.com/path', `${'a'.repeat(64)}.com`]) {
      expect(ZChatSettingsUpdate.safeParse({ linkAllowlist: [bad] }).success, bad).toBe(false);
    }
    const many = Array.from({ length: 31 }, (_, i) => `d${i}.com`);
    expect(ZChatSettingsUpdate.safeParse({ linkAllowlist: many }).success).toBe(false);
  });

  it('bounds slow mode to 0–120 s and lower-cases banned words', () => {
    expect(ZChatSettingsUpdate.safeParse({ slowModeSeconds: 121 }).success).toBe(false);
    expect(ZChatSettingsUpdate.safeParse({ slowModeSeconds: 1.5 }).success).toBe(false);
    expect(ZChatSettingsUpdate.safeParse({ extra: 1 }).success).toBe(false);
    expect(ZChatSettingsUpdate.parse({ bannedWords: [' Scam '] })).toEqual({ bannedWords: ['scam'] });
  });

  it('accepts the five reasons only', () => {
    const mint = `0x${'a'.repeat(40)}`;
    expect(ZReportRequest.safeParse({ kind: 'stream', mint, reason: 'scam' }).success).toBe(true);
    expect(ZReportRequest.safeParse({ kind: 'stream', mint, reason: 'spam' }).success).toBe(false);
  });
});
