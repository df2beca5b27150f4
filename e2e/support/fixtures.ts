import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with one house rule: an uncaught page error fails the test
 * (a broken screen must not pass because its assertions happened to match).
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
