import { describe, expect, it } from 'vitest';
import { clipPageId, streamPageMint, withClipShareTags, withShareTags } from './share-meta.ts';

const stream = {
  mint: '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f',
  name: 'Moon <script>alert(1)</script>',
  symbol: 'MOON',
  description: 'Live "charts"',
  image_uri: '/images/demo/token-01.svg',
  metadata_uri: '',
  twitter: null,
  telegram: null,
  website: null,
  thumbnail: null,
  creator_address: null,
  is_currently_live: true,
  num_participants: 3,
  usd_market_cap: 1,
  created_at: new Date().toISOString(),
  profile_image: null,
  username: null,
  is_nsfw: false,
  live_since: null,
};

describe('share meta tags', () => {
  it('recognises stream page URLs only', () => {
    expect(streamPageMint(`/livestream/${stream.mint.toUpperCase().replace('0X', '0x')}?x=1`)).toBe(
      stream.mint,
    );
    expect(streamPageMint('/livestream/nope')).toBeNull();
    expect(streamPageMint('/explore')).toBeNull();
  });

  it('writes escaped OpenGraph/Twitter tags with absolute URLs into the head', () => {
    const html = withShareTags(
      '<html><head><title>Mintcast</title></head><body></body></html>',
      stream,
      'https://m.example',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://m.example/images/demo/token-01.svg" />',
    );
    expect(html).toContain(
      `<meta property="og:url" content="https://m.example/livestream/${stream.mint}" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('content="Live &#34;charts&#34;"');
  });

  it("keeps `$'`, `` $` `` and `$&` in a stream's text as text (one head, every tag intact)", () => {
    const page = '<html><head><title>Mintcast</title></head><body><div id="root"></div></body></html>';
    const tricky = { ...stream, name: "A $' B $` C $& D", symbol: '$&', description: "$'$`$&" };
    const html = withShareTags(page, tricky, 'https://m.example');
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>A $&#39; B $` C $&#38; D ($$&#38;) · Mintcast</title>');
    expect(html).toContain('<meta property="og:description" content="$&#39;$`$&#38;" />');
    expect(html.match(/<meta /g)).toHaveLength(10);
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('gives a clip page player tags: og:video (an absolute MP4 with its size) and the poster', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(clipPageId(`/clip/${id}?s=1`)).toBe(id);
    expect(clipPageId('/clip/nope')).toBeNull();
    const clip = {
      id,
      mint: stream.mint,
      title: 'the "candle" $&',
      createdBy: '0x1',
      createdAt: new Date().toISOString(),
      durationMs: 10_000,
      width: 640,
      height: 360,
      videoUrl: `/api/clips/${id}/video`,
      posterUrl: `/api/clips/${id}/poster`,
    };
    const html = withClipShareTags(
      '<html><head><title>x</title></head></html>',
      clip,
      'Moon',
      'https://m.example',
    );
    expect(html).toContain(`<meta property="og:video" content="https://m.example/api/clips/${id}/video" />`);
    expect(html).toContain('<meta property="og:video:type" content="video/mp4" />');
    expect(html).toContain('<meta property="og:video:width" content="640" />');
    expect(html).toContain(`<meta property="og:image" content="https://m.example/api/clips/${id}/poster" />`);
    expect(html).toContain('<meta name="twitter:card" content="player" />');
    expect(html).toContain('<title>the &#34;candle&#34; $&#38; · clip · Mintcast</title>');
  });
});
