import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where the screenshots of the product's screens are kept (README and reviews look at them). */
export const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * A whole-page screenshot of what a visitor sees by scrolling: sections marked `below-fold`
 * (`content-visibility: auto`, styles.css) are rendered only near the viewport, so without this they would
 * show as empty boxes below the first screen.
 */
export const fullPageShot = (page: Page, file: string): Promise<Buffer> =>
  page.screenshot({
    path: path.join(SHOTS, file),
    fullPage: true,
    style: '.below-fold { content-visibility: visible !important; }',
  });

/**
 * Waits until every image of the page has loaded (or failed), lazy ones included. Each poll switches the
 * images present at that moment to eager loading: the app can still replace or add images after the first
 * look (React taking over the prerendered view, a list filling in), and a lazy image below the fold would
 * otherwise never load, and never be `complete`.
 */
export const allImagesLoaded = async (page: Page): Promise<void> => {
  await page.waitForFunction(() => {
    const images = [...document.images];
    for (const img of images) if (img.loading !== 'eager') img.loading = 'eager';
    return images.every((img) => img.complete);
  });
};

/**
 * What a screenshot leaves out or freezes (pass as `style`): toasts left from the steps before, and the drawer's
 * slide after a resize to a phone's width.
 */
export const STILL =
  '[data-sonner-toaster] { display: none !important; } #app-sidebar { transition: none !important; }';

/**
 * A screenshot of the viewport at each width (1280×800, 390×844), named `{name}-{width}.png`; with `scrollTo`,
 * that part of the page is scrolled into view at each width (the layout, and so its place, changes with it).
 */
export const shotsAtWidths = async (
  page: Page,
  name: string,
  opts: { scrollTo?: Locator } = {},
): Promise<void> => {
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (opts.scrollTo)
      await opts.scrollTo.evaluate((el) => el.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), style: STILL });
  }
  if (size) await page.setViewportSize(size);
};
