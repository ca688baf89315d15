import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    // One jsdom and one module graph per worker instead of per file: importing React, Mantine and the app
    // again for each of ~50 files was half of the web tests' time (234 s → 122 s on 2 cores). What a file
    // leaves behind is reset after each test in setup-tests.ts (DOM, mocks, globals, notifications, CSRF).
    isolate: false,
    // Mantine renders are CPU-bound: on a loaded 2-core CI machine 5 s is not enough for a whole form
    // journey, and one wait may take up to 15 s there (setup-tests.ts). A cap, not a wait.
    testTimeout: 60_000,
  },
});
