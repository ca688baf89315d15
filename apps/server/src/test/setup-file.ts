import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not see: fail it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
});
vi.setConfig({ testTimeout: 30_000 });
