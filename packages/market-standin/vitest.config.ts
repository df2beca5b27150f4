import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'market-standin',
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
