import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A cap, not a wait: parsing two 500,000-row files took 7.7 s on a loaded 2-core machine (Vitest's 5 s).
    testTimeout: 60_000,
    // The money property tests run their full counts (100,000–250,000 cases each) under `npm run test:deep`,
    // which the e2e stage runs; `npm test` runs a twentieth of each (see deepRuns in test-arbitraries.ts).
    // eslint-disable-next-line no-restricted-globals -- the test runner's config runs in Node, not the domain
    provide: { deepTests: process.env.DEEP_TESTS === '1' },
  },
});
