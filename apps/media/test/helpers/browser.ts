import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../e2e/support/chromium.ts';

export { CHROMIUM_PATH };

/** One headless Chromium with fake camera, microphone and screen (the workplace's flags, shared with e2e). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--auto-select-desktop-capture-source=Entire screen', ...extraArgs],
  });
}
