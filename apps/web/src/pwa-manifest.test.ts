import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC = path.resolve(import.meta.dirname, '../public');

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
const pngSize = (file: string) => {
  const b = readFileSync(path.join(PUBLIC, file));
  expect(b.subarray(0, 8).toString('hex'), file).toBe('89504e470d0a1a0a');
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
};

describe('installable app icons (issue 35 item 1)', () => {
  const manifest = JSON.parse(readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  const png = manifest.icons.filter((i) => i.type === 'image/png');

  it('lists PNG icons of 192 and 512 px and a maskable one, as install prompts require', () => {
    expect(png.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
  });

  it('each listed PNG exists and is the size it claims', () => {
    for (const icon of png) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
  });

  it('the page names an iOS home-screen icon of 180 px', () => {
    const html = readFileSync(path.resolve(PUBLIC, '../index.html'), 'utf8');
    const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    expect(pngSize(href!)).toBe('180x180');
  });
});
