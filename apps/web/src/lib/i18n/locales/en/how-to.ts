/** The How to Stream guide (spec §2): four steps, feature cards, tips and the FAQ facts. */
export const howTo = {
  title: 'How to Stream',
  subtitle: 'Go live about your favourite BNB Smart Chain token in four steps.',
  stepsLabel: 'Steps',
  stepN: 'Step {{n}}: ',
  steps: {
    connect: {
      title: 'Connect your wallet',
      text: 'Click Connect Wallet and approve the connection in MetaMask, Trust Wallet, Rabby or any BNB Smart Chain wallet. Your wallet is your identity.',
    },
    token: {
      title: 'Enter the token',
      text: 'Paste the token contract address (0x followed by 40 hexadecimal characters). We look up its name, price and market cap.',
    },
    setup: {
      title: 'Set up your stream',
      text: 'Review the token, write a stream title and description, and choose how to broadcast: from this browser (allow camera and microphone access) or from OBS.',
    },
    live: {
      title: 'Go live',
      text: 'Press Start Live Stream. Share your screen or camera, talk to your viewers and end the stream whenever you like.',
    },
  },
  featuresTitle: 'What you get',
  features: {
    share: {
      title: 'Camera & screen share',
      text: 'Broadcast your camera, your charts, or both with picture-in-picture.',
    },
    market: {
      title: 'Live market data',
      text: 'Price, 24h change, volume, market cap and liquidity next to your video.',
    },
    chat: { title: 'Live chat', text: 'Viewers follow along and talk about the token in real time.' },
    identity: {
      title: 'Wallet identity',
      text: 'No accounts or passwords: streamers and viewers are their wallet address.',
    },
  },
  obs: {
    title: 'Streaming with OBS (WHIP)',
    intro:
      'OBS Studio 30 or later publishes straight to Mintcast over WHIP, with no plugin. In step 3 choose "OBS / streaming software" and press Set Up OBS Stream: your stream dashboard shows the WHIP server URL and your stream key (reveal it again there at any time, or regenerate it).',
    settings: {
      service: {
        label: 'Settings → Stream',
        value: 'Service: WHIP. Server: the WHIP server URL. Bearer Token: your stream key.',
      },
      encoder: {
        label: 'Video encoder',
        value: 'x264 or a hardware H.264 encoder (NVENC, Quick Sync, AMF, VideoToolbox).',
      },
      keyframe: {
        label: 'Keyframe interval',
        value: '1 s: viewers who join, or drop to a lower quality, wait at most a second for the picture.',
      },
      bframes: {
        label: 'B-frames',
        value:
          '0 (none): browsers play WebRTC video without them. With x264, use the profile "baseline" or the tune "zerolatency".',
      },
      rate: {
        label: 'Rate control and bitrate',
        value:
          'CBR, 2,500–4,500 kb/s for 720p or 1080p at 30 fps; keep it under about 70 % of your upload speed.',
      },
      audio: { label: 'Audio', value: 'Opus (OBS chooses it for WHIP), 128–160 kb/s.' },
    },
    outro:
      'Press Start Streaming in OBS: the stream goes live when the video arrives and ends when you stop streaming. The dashboard shows what the server receives: resolution, frame rate, bitrate and loss.',
  },
  tipsTitle: 'Tips for a great stream',
  tips: {
    connection: 'Use a wired or stable connection: video quality follows your upload speed.',
    light: 'Light your face from the front and keep the camera at eye level.',
    chart: 'Share the chart you are talking about so viewers can follow your trades.',
    title: 'Give the stream a clear title: it is what people see in search and on the cards.',
    chat: 'Read the chat out loud and answer questions — engaged viewers stay longer.',
  },
  faqTitle: 'Frequently asked questions',
  faq: {
    own: {
      q: 'Do I need to own the token to stream it?',
      a: 'No token ownership is needed: you can stream about any token that trades on BNB Smart Chain, whether or not you hold it.',
    },
    address: {
      q: 'Where do I find a token’s contract address?',
      a: 'Every BNB Smart Chain token has a contract address: 0x followed by 40 hexadecimal characters. You can find it on a token explorer such as BscScan, or copy it from the token’s page on a DEX or chart site.',
    },
    mobile: {
      q: 'Can I stream from my phone?',
      a: 'Not from the phone’s browser yet — go live from a desktop browser such as Chrome, Edge, Brave or Firefox, or from OBS. Watching works on mobile.',
    },
    duration: {
      q: 'How long can a stream last?',
      a: 'There is no hard duration limit. Stream for as long as you like and end it at any time with End Stream.',
    },
  },
} as const;
