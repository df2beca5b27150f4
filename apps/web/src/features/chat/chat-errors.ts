import { CHAT_RULE_ERRORS, HOLDER_CHAT_ERRORS } from '@mintcast/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';

/** Codes of a refused chat post that mean the composer is closed to this wallet (ban or timeout). */
export const SANCTION_CODES: ReadonlySet<string> = new Set([
  CHAT_RULE_ERRORS.banned,
  CHAT_RULE_ERRORS.chatBanned,
  'muted',
]);

const num = (details: unknown, key: string): number | undefined => {
  const v = (details as Record<string, unknown> | null | undefined)?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};
const str = (details: unknown, key: string): string | undefined => {
  const v = (details as Record<string, unknown> | null | undefined)?.[key];
  return typeof v === 'string' ? v : undefined;
};

/**
 * A refused chat post in the visitor's language: the server sends a code and its figures (`details`), and
 * its English `message` is shown only for a code this page has no text for (a newer server).
 */
export const chatErrorText = (err: unknown, t: TFunction): string => {
  if (!(err instanceof ApiError)) return t('chat.sendFailed');
  const d = err.details;
  switch (err.code) {
    case CHAT_RULE_ERRORS.banned:
    case CHAT_RULE_ERRORS.chatBanned:
    case CHAT_RULE_ERRORS.followersOnly:
    case 'chat_busy':
      return t(`chatErrors.${err.code}`);
    case CHAT_RULE_ERRORS.bannedWord: {
      const word = str(d, 'word');
      return word === undefined ? err.message : t('chatErrors.banned_word', { word });
    }
    case CHAT_RULE_ERRORS.linksOff: {
      const host = str(d, 'host');
      return host === undefined ? err.message : t('chatErrors.links_off', { host });
    }
    case CHAT_RULE_ERRORS.slowMode:
    case 'rate_limited': {
      const seconds = num(d, 'seconds');
      return seconds === undefined ? err.message : t(`chatErrors.${err.code}`, { seconds });
    }
    case HOLDER_CHAT_ERRORS.holdersOnly:
    case HOLDER_CHAT_ERRORS.balanceUnavailable: {
      const symbol = str(d, 'symbol');
      return symbol === undefined ? err.message : t(`holders.errors.${err.code}`, { symbol });
    }
    case HOLDER_CHAT_ERRORS.slowMode: {
      const symbol = str(d, 'symbol');
      const seconds = num(d, 'seconds');
      return symbol === undefined || seconds === undefined
        ? err.message
        : t('holders.errors.holder_slow_mode', { symbol, seconds });
    }
    case 'muted': {
      const count = num(d, 'minutes');
      return count === undefined ? err.message : t('chatErrors.muted', { count });
    }
    default:
      return err.message || t('chat.sendFailed');
  }
};
