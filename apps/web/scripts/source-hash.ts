/**
 * A SHA-256 over every file the web bundle is made from: the web and domain sources without their
 * tests, index.html, the build configs, the package manifests and the lockfile. Every build writes it
 * to dist/.source-hash (vite.config.ts); `npm start` rebuilds only when it differs (build-once.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(webDir, '../..');
export const SOURCE_HASH_FILE = '.source-hash';

const TREES = [path.join(webDir, 'src'), path.join(repoDir, 'packages/domain/src')];
const FILES = [
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'scripts/source-hash.ts'),
  path.join(webDir, 'postcss.config.cjs'),
  path.join(webDir, 'package.json'),
  path.join(repoDir, 'packages/domain/package.json'),
  path.join(repoDir, 'package-lock.json'),
];
/** Test files and test helpers (a `testing/` folder, a `*.testing.ts(x)` file) never reach the bundle. */
const NOT_BUNDLED = /\.(?:test|testing)\.tsx?$|[\\/]testing[\\/]/;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !NOT_BUNDLED.test(file));
}

/** The hash of the files under `trees` (tests excepted) and of those of `files` that exist. */
export function sourceHash(trees = TREES, files = FILES, base = repoDir): string {
  const hash = createHash('sha256');
  const all = [...trees.flatMap(filesUnder), ...files.filter((file) => fs.existsSync(file))].sort();
  for (const file of all) {
    // The path too, so a rename or a move is a change.
    hash.update(path.relative(base, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
