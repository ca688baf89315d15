// The spreadsheet worker's entry (shared/spreadsheet-worker.ts): plain JavaScript, so a worker thread
// starts the same under `node --import tsx` and under the test runner; it loads the TypeScript body.
import { tsImport } from 'tsx/esm/api';

await tsImport('./spreadsheet-thread.ts', import.meta.url);
