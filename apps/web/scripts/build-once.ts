/**
 * `npm start` builds the web app only when its sources changed since the last build (scripts/source-hash.ts):
 * a restart with nothing changed skips Vite and is ready in a few seconds. `npm run build` always builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_HASH_FILE, sourceHash, webDir } from './source-hash.ts';

const started = Date.now();
const dist = path.join(webDir, 'dist');
const hashFile = path.join(dist, SOURCE_HASH_FILE);
const built = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : null;

if (built === sourceHash() && fs.existsSync(path.join(dist, 'index.html'))) {
  console.log(`Web app is up to date (sources unchanged, checked in ${Date.now() - started} ms).`);
} else {
  console.log(built ? 'The web sources changed: building the web app…' : 'Building the web app…');
  const { build } = await import('vite'); // only when building: loading Vite alone takes a second
  await build({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
