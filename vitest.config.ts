import { defineConfig } from 'vitest/config';

// Tests import workspace packages from their TypeScript sources (the `@paigow/source`
// export condition), so `vitest` never depends on a stale `dist/`.
export default defineConfig({
  resolve: {
    conditions: ['@paigow/source'],
  },
  ssr: {
    resolve: {
      conditions: ['@paigow/source'],
    },
  },
  test: {
    globalSetup: ['test/global-setup.ts'],
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
