import { expect, type Page } from '@playwright/test';

/**
 * The app's toast region (sonner's Toaster, loaded after the first paint) is mounted. A test that pauses the
 * page's clock must wait for it first: mounting a lazy component needs a timer, which a paused clock never
 * fires, and the stream page's buttons are on screen before it (the page carries its stream's data).
 */
export const toasterMounted = (page: Page) =>
  expect(page.locator('section[data-react-aria-top-layer]')).toBeAttached();
