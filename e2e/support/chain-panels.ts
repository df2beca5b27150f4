import type { Page } from '@playwright/test';

/**
 * The stream page fetches its trade and tip panels once their place nears the viewport (decision 017): scroll
 * there, as a visitor would, and wait until the panels (their two cards) are on the page.
 */
export const revealChainPanels = async (page: Page): Promise<void> => {
  const panels = page.getByTestId('chain-panels');
  await panels.scrollIntoViewIfNeeded();
  await panels.locator('section').first().waitFor({ state: 'attached' });
};
