import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
