import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** axe-core's WCAG 2.1 A/AA rules on the page as it is now: no serious or critical violation (issue 17). */
export const expectNoSeriousA11yViolations = async (page: Page, screen: string): Promise<void> => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    // A toast fading in or out (sonner's data-mounted=false / data-removed=true) is on its way through opacity
    // 0, where any text fails contrast: a clean-clone CI run caught a 4 s toast leaving while axe ran.
    .exclude('[data-sonner-toast][data-mounted="false"]')
    .exclude('[data-sonner-toast][data-removed="true"]')
    .analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${screen}`).toEqual([]);
};

/**
 * The same check in both palettes: the screen as it is, then with the other theme's class on <html> (what the
 * Settings switch does, lib/settings.ts), once its colour transitions have finished; the first theme is put back.
 * For states that a reload would lose (a signed-in form half filled, a live broadcast).
 */
export const expectNoSeriousA11yViolationsInBothThemes = async (
  page: Page,
  screen: string,
): Promise<void> => {
  const setTheme = async (theme: 'dark' | 'light') => {
    await page.evaluate(async (t) => {
      const { classList } = document.documentElement;
      classList.toggle('light', t === 'light');
      classList.toggle('dark', t === 'dark');
      await new Promise(requestAnimationFrame);
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      );
    }, theme);
  };
  const first = await page.evaluate(() =>
    document.documentElement.classList.contains('light') ? 'light' : 'dark',
  );
  const second = first === 'dark' ? 'light' : 'dark';
  await expectNoSeriousA11yViolations(page, `${screen} (${first} theme)`);
  await setTheme(second);
  await expectNoSeriousA11yViolations(page, `${screen} (${second} theme)`);
  await setTheme(first);
};
