import { configDefaults, defineConfig } from 'vitest/config';
import { serverTests } from './apps/server/vitest.config.ts';

/**
 * The API test files that replace a module with `vi.mock`: they need a module graph of their own, so they
 * run in their own project ('server-mocks'); every other API test file shares its worker's modules
 * ('server', isolate: false), which saves importing the app again for each of ~50 files. `--project
 * 'server*'` runs both.
 */
const SERVER_MOCKING = ['src/features/auth/auth.test.ts'];
/**
 * API test files to leave out (comma-separated, relative to apps/server): test:e2e's run on PostgreSQL 15
 * leaves out those it runs at full scale on that server afterwards, or that never use it (e2e/run.sh).
 */
const LEAVE_OUT = (process.env.API_TESTS_LEAVE_OUT ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/web',
      {
        root: './apps/server',
        test: {
          ...serverTests,
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_MOCKING, ...LEAVE_OUT],
          isolate: false,
        },
      },
      { root: './apps/server', test: { ...serverTests, name: 'server-mocks', include: SERVER_MOCKING } },
    ],
    // Two workers on a 2-core machine (Vitest's default there is one): the API tests wait on PostgreSQL
    // and the browser-less component tests on nothing, so two files at once use both cores.
    maxWorkers: 2,
    // After the run: the checks that were skipped and why, and the ten slowest files.
    reporters: ['default', './scripts/test-summary-reporter.ts'],
  },
});
