import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { SOURCE_HASH_FILE, sourceHash } from './scripts/source-hash.ts';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** Paths Vite serves itself in dev (modules, HMR client, pre-bundled deps). */
const VITE_OWN_PATHS = /^\/(?:@vite|@react-refresh|@id|@fs|src|node_modules|__vite|__open-in-editor)(?:\/|$|\?)/;

/**
 * A browser navigation (GET asking for HTML) is answered by Vite with index.html so the SPA boots with
 * HMR; every other request (fetch/XHR with Accept: application/json, every POST, downloads, images)
 * goes to the server. Page addresses such as /bookings are also JSON endpoints, so the split is by
 * Accept header, not by path.
 */
function keepNavigationsInVite(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  if ((req.method === 'GET' || req.method === 'HEAD') && accept.includes('text/html')) return '/index.html';
  return undefined;
}

/**
 * Every production build records the hash of the sources it was made from (taken before it reads them),
 * so `npm start` (scripts/build-once.ts) can tell a current build from a stale one.
 */
function recordSourceHash(): Plugin {
  let hash = '';
  return {
    name: 'record-source-hash',
    apply: 'build',
    buildStart() {
      hash = sourceHash();
    },
    writeBundle(options) {
      if (options.dir) fs.writeFileSync(path.join(options.dir, SOURCE_HASH_FILE), `${hash}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), recordSourceHash()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      [`^(?!${VITE_OWN_PATHS.source.slice(1)}).*`]: {
        target: API_TARGET,
        changeOrigin: false,
        bypass: keepNavigationsInVite,
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Routes load their screens lazily (router.tsx), and the rest splits along those imports: the charts
        // library (Commission reports) and SheetJS (the import previews) load only where they are used.
        // React and Mantine's core change less often than the app: their own chunks stay cached across
        // deploys. (A catch-all vendor group would pull the lazy libraries into the first load.)
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?:core|hooks)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
