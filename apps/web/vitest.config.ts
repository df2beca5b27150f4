import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    isolate: false,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', '*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
  },
});
