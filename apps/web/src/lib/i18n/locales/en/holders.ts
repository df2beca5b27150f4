/** Holder-aware chat: tier badges, the holder chat modes' refusals and their cockpit settings (issue 34 item 4). */
export const holders = {
  tierTitle: 'Holds the token: tier {{tier}}',
  errors: {
    holders_only: 'This chat is for ${{symbol}} holders only. Buy ${{symbol}} to chat.',
    holder_slow_mode:
      'Slow mode is on for non-holders. You can send another message in {{seconds}} s, or hold ${{symbol}} to chat without waiting',
    holder_balance_unavailable:
      'Your message was not sent: your ${{symbol}} balance could not be checked on BNB Smart Chain right now. Try again in a moment',
  },
  modes: {
    holdersOnly: 'Holders-only chat',
    holdersOnlyHint: 'Only wallets holding the token can chat',
    nonHolderSlow: 'Non-holders: slow mode {{n}} s',
  },
  cockpit: {
    title: 'Holder chat',
    holdersOnly: 'Holders only (wallets holding the token)',
    holdersOnlyOn: 'Holders only',
    slow: 'Slow mode for non-holders',
    slowOff: 'Off',
    slowSeconds: '{{seconds}} s',
    tiers: 'Badge tiers',
    tiersHint: 'Up to 3. A holder’s badge shows the highest tier reached; without tiers it says “Holder”.',
    tierName: 'Tier name',
    tierKind: 'Threshold kind',
    kindAmount: 'Tokens',
    kindShare: '% of supply',
    tierValue: 'At least',
    addTier: 'Add a tier',
    removeTier: 'Remove tier {{name}}',
    saveTiers: 'Save tiers',
    saved: 'Holder chat settings saved',
    failed: 'Could not save the holder chat settings',
    invalid: 'Give each tier its own name and a threshold above 0 (a share of supply is at most 100 %)',
  },
} as const;
