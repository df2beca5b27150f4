/**
 * Renders the app's PNG icons (PWA manifest, iOS home screen) from the same mark as favicon.svg, in Debian's
 * Chromium: `npx tsx scripts/make-icons.ts`. The PNGs are committed; run this again when the mark changes.
 * "any" icons keep the rounded tile; the maskable one fills the square and keeps the mark inside the 80 %
 * safe zone, so a launcher's circle or squircle never cuts it.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const BG = '#0b0d12';

const mark = (size: number, maskable: boolean): string => {
  // The mark is drawn on a 32-unit grid; a maskable icon shrinks it into the safe zone.
  const scale = maskable ? 0.7 : 1;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="${maskable ? 0 : 8}" fill="${BG}"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})">
      <circle cx="16" cy="16" r="9" fill="none" stroke="#34e0a1" stroke-width="3"/>
      <circle cx="16" cy="16" r="3.5" fill="#ff4d6d"/>
    </g></svg>`;
};

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners: a full square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${mark(icon.size, icon.maskable)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
