import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  /** Set when the app sits behind an HTTPS proxy: cookies become Secure and X-Forwarded-* is trusted. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** How often each server looks for an import whose server died, to take it over (default 30 s). */
  JOB_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  demo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  sessionTtlMs: number;
  jobSweepMs: number | undefined;
};

/** Validates the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    demo: e.DEMO === '1',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    jobSweepMs: e.JOB_SWEEP_SECONDS === undefined ? undefined : e.JOB_SWEEP_SECONDS * 1000,
  };
}
