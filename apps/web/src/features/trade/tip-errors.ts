import { TIP_ERROR_CODES as E } from '@mintcast/contracts';

type TipErrorCode = (typeof E)[keyof typeof E];

/**
 * The catalog key of each error the tip endpoint answers with, so the reason shows in the site's language
 * (the server's own message is English). The `satisfies` makes a new server code fail the typecheck here.
 */
export const TIP_ERROR_KEYS = {
  [E.replayed]: 'trade.tipErrors.replayed',
  [E.notFound]: 'trade.tipErrors.notFound',
  [E.wrongSender]: 'trade.tipErrors.wrongSender',
  [E.wrongRecipient]: 'trade.tipErrors.wrongRecipient',
  [E.failed]: 'trade.tipErrors.failed',
  [E.noValue]: 'trade.tipErrors.noValue',
  [E.unconfirmed]: 'trade.tipErrors.unconfirmed',
  [E.noCreator]: 'trade.tipErrors.noCreator',
  [E.chainUnavailable]: 'trade.tipErrors.chainUnavailable',
} as const satisfies Record<TipErrorCode, string>;

/** The catalog key for a tip error code, or null for a code we have no text for (show the server's). */
export const tipErrorKey = (code: string): (typeof TIP_ERROR_KEYS)[TipErrorCode] | null =>
  Object.hasOwn(TIP_ERROR_KEYS, code) ? TIP_ERROR_KEYS[code as TipErrorCode] : null;
