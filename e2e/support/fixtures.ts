import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Marker the page-side listener logs with, so the test side can tell CSP reports from other console errors. */
const CSP_MARK = '[csp-violation]';

/**
 * Collect Content-Security-Policy violations of every page in `target`: the `securitypolicyviolation` event
 * (logged by an init script, which CSP does not govern) and Chromium's own "Refused to …" console reports.
 */
export const watchCsp = async (target: Page | BrowserContext): Promise<string[]> => {
  const violations: string[] = [];
  await target.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${location.pathname}`,
      );
    });
  }, CSP_MARK);
  const onConsole = (msg: { type(): string; text(): string }) => {
    const text = msg.text();
    if (text.startsWith(CSP_MARK) || (msg.type() === 'error' && text.includes('Content Security Policy'))) {
      violations.push(text);
    }
  };
  if ('pages' in target) target.on('console', onConsole);
  else target.on('console', onConsole);
  return violations;
};

/**
 * Playwright's test with two house rules: an uncaught page error fails the test (a broken screen must not pass
 * because its assertions happened to match), and so does any Content-Security-Policy violation.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      const violations = await watchCsp(page);
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
