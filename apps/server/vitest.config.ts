import { defineConfig } from 'vitest/config';

/** The API tests' settings, shared by the root config's two server projects (see ../../vitest.config.ts). */
export const serverTests = {
  environment: 'node',
  globalSetup: ['./src/test/global-setup.ts'],
  setupFiles: ['./src/test/setup-file.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

// Run alone (vitest from this folder): every file, each in its own module graph.
export default defineConfig({ test: { ...serverTests, name: 'server', include: ['src/**/*.test.ts'] } });
