import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceHash } from './source-hash';

describe('sourceHash (npm start rebuilds the web app only when it changes)', () => {
  let dir: string;
  const hash = () =>
    sourceHash([path.join(dir, 'src')], [path.join(dir, 'index.html'), path.join(dir, 'gone.json')], dir);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'source-hash-'));
    write('index.html', '<div id="root"></div>');
    write('src/main.tsx', 'export const a = 1;');
    write('src/lib/format.ts', 'export const b = 2;');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the same for the same sources', () => {
    expect(hash()).toMatch(/^[0-9a-f]{64}$/);
    expect(hash()).toBe(hash());
  });

  it('changes when a source, a listed file or a file name changes', () => {
    const before = hash();
    write('src/lib/format.ts', 'export const b = 3;');
    const edited = hash();
    expect(edited).not.toBe(before);
    write('index.html', '<div id="app"></div>');
    const html = hash();
    expect(html).not.toBe(edited);
    fs.renameSync(path.join(dir, 'src/lib/format.ts'), path.join(dir, 'src/lib/formatting.ts'));
    expect(hash()).not.toBe(html);
  });

  it('ignores tests and test helpers, which never reach the bundle', () => {
    const before = hash();
    write('src/lib/format.test.ts', 'it("x", () => {});');
    write('src/testing/render.tsx', 'export {};');
    write('src/features/payouts/payouts.testing.ts', 'export const row = 1;');
    write('src/features/reports/reports.testing.tsx', 'export const answer = 2;');
    expect(hash()).toBe(before);
    // A source whose name only contains the word is bundled.
    write('src/lib/testing-mode.ts', 'export const on = false;');
    expect(hash()).not.toBe(before);
  });
});
