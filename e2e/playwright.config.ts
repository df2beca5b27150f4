import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

/** E2E against the built app: each spec starts its own server(s) on free ports (see support/app-server.ts). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Generous: these are ceilings for conditions to come true on a busy 2-core CI box, never waits.
  timeout: 150_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.artifacts/e2e-results.json' }]] : 'list',
  outputDir: './.artifacts/test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    permissions: ['clipboard-read', 'clipboard-write', 'camera', 'microphone'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
