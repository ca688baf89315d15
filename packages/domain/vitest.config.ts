import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The money property tests run their full counts (100,000–250,000 cases each) under `npm run test:deep`,
    // which the e2e stage runs; `npm test` runs a twentieth of each (see deepRuns in test-arbitraries.ts).
    // eslint-disable-next-line no-restricted-globals -- the test runner's config runs in Node, not the domain
    provide: { deepTests: process.env.DEEP_TESTS === '1' },
    // A cap, not a wait: the full counts take 2–6 s each on an idle 2-core machine and timed out at
    // Vitest's 5 s default in a CI run sharing its cores (load 7). A property test waits for nothing.
    // eslint-disable-next-line no-restricted-globals -- as above
    testTimeout: process.env.DEEP_TESTS === '1' ? 300_000 : 30_000,
  },
});
