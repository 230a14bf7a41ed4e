import { defineConfig } from 'vitest/config';

// Tests import workspace packages from their TypeScript sources (the `@paigow/source` export
// condition), so `vitest` never depends on a stale `dist/`.
//
// Two projects: the unit, property, server and CLI tests run first, in parallel; the browser tests
// (`e2e/`) run after them, so Chromium, its server and the page never compete with the rest of the suite
// (a phone-size test once timed out waiting 30 s for the sign-in page while the suite's other files were
// running). The browser files run two at a time: one at a time they took 841 s of a 1,802-s `.ci/run` on a
// slow two-core machine, over CI's 30 minutes (two at a time: 426 s instead of 576 s on a faster one).
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
    // ran one at a time. The browser files run two at a time (they keep both cores busy); the unit files three (below).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          // Many unit files wait (on servers, child processes, lease and Redis timers), a core idle meanwhile: three at a
          // time on two cores, the unit phase of a .ci/run took about 590 s instead of 680 s.
          maxWorkers: 3,
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
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
