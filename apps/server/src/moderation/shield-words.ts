/**
 * Shield mode's word list, on top of the creator's own: the phrases of the scams that flood crypto chats
 * (fake giveaways and airdrops, "support" asking for a seed phrase, "DM me"), matched like banned words
 * (disguises fold to the same skeleton, see banned-words.ts).
 */
export const SHIELD_WORDS: readonly string[] = [
  'airdrop',
  'giveaway',
  'free bnb',
  'send bnb',
  'double your',
  'dm me',
  'message me',
  'seed phrase',
  'recovery phrase',
  'private key',
  'secret phrase',
  'wallet validation',
  'validate your wallet',
  'sync your wallet',
  'support team',
  'claim your',
  'claim now',
  'whatsapp',
  'telegram me',
  'guaranteed profit',
  '100x guaranteed',
  'presale live',
];
