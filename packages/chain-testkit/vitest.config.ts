import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'chain-testkit',
    isolate: false,
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
