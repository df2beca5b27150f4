import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scripts',
    include: ['*.test.ts'],
    setupFiles: ['../vitest.setup.ts'],
    testTimeout: 60_000,
  },
});
