/** OBS overlays (issue 34 item 3): the overlay pages, their cockpit panel and the guide's section. */
export const overlays = {
  kinds: { chat: 'Chat', alerts: 'Alerts', goal: 'Tip goal' },
  notFound: 'This overlay link does not exist or was replaced: copy the new one from your cockpit.',
  loadFailed: 'The overlay could not load. It retries by itself.',
  alert: {
    follow: 'New follower',
    tip: 'Tip',
    buy: 'Buy',
    sell: 'Sell',
    whale: 'Whale buy',
    followText: '{{who}} followed the stream',
    tipText: '{{who}} tipped {{amount}} BNB',
    buyText: '{{who}} bought {{amount}} BNB of ${{symbol}}',
    sellText: '{{who}} sold {{amount}} BNB of ${{symbol}}',
  },
  goal: {
    none: 'No tip goal set',
    progress: '{{raised}} / {{goal}} BNB',
    label: 'Tip goal',
  },
  cockpit: {
    title: 'OBS overlays',
    intro: 'Add these as Browser sources in OBS. Anyone with a link can see that overlay: keep them private.',
    size: '{{width}} × {{height}}',
    copy: 'Copy {{kind}} overlay URL',
    copied: 'Overlay URL copied',
    copyFailed: 'Failed to copy',
    preview: 'Preview',
    previewTitle: '{{kind}} overlay preview',
    sound: 'Play a sound with each alert',
    regenerate: 'New links',
    regenerateConfirm:
      'Make new overlay links? The current ones stop working in OBS until you paste the new ones.',
    regenerated: 'New overlay links made: update them in OBS',
    failed: 'Could not load the overlay links',
  },
  guide: {
    title: 'Overlays in OBS',
    intro:
      'Your cockpit lists three overlay links: chat, alerts (tips, buys over your alert amount and new followers) and your tip goal. Each is a transparent page made for OBS.',
    steps: {
      add: 'In OBS, under Sources, press + and choose Browser.',
      url: 'Paste the overlay link as the URL.',
      size: 'Set the width and height: chat 400 × 600, alerts 800 × 200, tip goal 600 × 80.',
      sound:
        'For a sound with each alert, turn it on in the cockpit before copying the alerts link (it ends in ?sound=1), and tick "Control audio via OBS".',
    },
    outro:
      'The links are secret: if one leaks, press New links in the cockpit and paste the new ones; the old ones stop working.',
  },
};
