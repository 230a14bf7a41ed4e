import { defineConfig } from 'vitest/config';

// Tests import workspace packages from their TypeScript sources (the `@paigow/source` export
// condition), so `vitest` never depends on a stale `dist/`.
//
// Two projects: the unit, property, server and CLI tests run first, in parallel; the browser tests
// (`e2e/`) run after them, one file at a time, so Chromium, its server and the page never compete
// with the rest of the suite for this machine's two cores (a phone-size test once timed out waiting
// 30 s for the sign-in page while the suite's other files were running).
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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where the unit files then
    // ran one at a time (most of their time is spent waiting on servers, child processes and timers, not on a core).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The build, once for all the browser test files (unless PAIGOW_E2E_SKIP_BUILD).
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
