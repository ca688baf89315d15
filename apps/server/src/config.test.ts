import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the environment', () => {
  it('has the README defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      embeddedPgPort: undefined,
      demo: true,
      logLevel: 'info',
      trustProxy: false,
      sessionTtlMs: 12 * 3600_000,
      jobSweepMs: undefined,
    });
  });

  it('takes JOB_SWEEP_SECONDS in whole seconds from 1 to 3600, empty meaning each job its own', () => {
    expect(loadConfig({ JOB_SWEEP_SECONDS: '2' }).jobSweepMs).toBe(2000);
    expect(loadConfig({ JOB_SWEEP_SECONDS: '' }).jobSweepMs).toBeUndefined();
    for (const bad of ['0', '1.5', '3601', 'soon'])
      expect(() => loadConfig({ JOB_SWEEP_SECONDS: bad }), bad).toThrow(
        /Invalid environment:\n {2}JOB_SWEEP_SECONDS: /,
      );
  });

  it('refuses a DATABASE_URL that is not a postgres:// URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL: DATABASE_URL must be a postgres:// URL',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db?application_name=a' }).databaseUrl).toBe(
      'postgres://u@h/db?application_name=a',
    );
  });
});
