import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    // Mantine renders are CPU-bound: on a loaded 2-core CI machine 5 s is not enough for a whole form journey.
    testTimeout: 20_000,
  },
});
