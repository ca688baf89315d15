import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // expect.poll waits for a state, never for time: Vitest's default 1 s was exceeded on a loaded machine
    // (a form filling in from its query). A cap, like Playwright's 30 s for its own waits.
    expect: { poll: { timeout: 15_000 } },
  },
});
