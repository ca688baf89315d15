import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip, type ZipEntry } from '../../../packages/domain/src/transactions/zip-writer.testing';
import { HttpClient, residentBytes, startServerProcess, type ServerProcess } from './test/server-process';

/**
 * Resource exhaustion, on a real server process (README "Limits"): an xlsx zip bomb on both import
 * routes and five anonymous 19 MB uploads are each refused at once, the process grows
 * by at most 50 MB (VmRSS), and a cheap request sent meanwhile is answered at once.
 */
const MiB = 1024 * 1024;
const RSS_BUDGET = 50 * MiB;
/**
 * "At once" on any machine: refusing without reading takes milliseconds (the times are printed), reading
 * 95 MB or inflating 1 GiB shows in VmRSS, which is what tells the two apart. A busy CI machine once took
 * 1,018 ms for one of the five uploads, so the bound leaves room for load and does not decide on its own.
 */
const QUICK_MS = 5000;
const UNPACKED_TOO_LARGE = 'The file is too large to read once unpacked.';

let server: ServerProcess;
let admin: HttpClient;
beforeAll(async () => {
  server = await startServerProcess();
  admin = new HttpClient(server.port);
  expect((await admin.signIn('admin@example.com', 'admin-demo')).status).toBe(200);
}, 120_000);
afterAll(() => server?.stop(), 60_000);

/**
 * A real xlsx whose sheet inflates to 1 GiB of '0' characters, about 1 MB on disk: one deflate stream
 * made of the same sync-flushed block of a MiB of zeros, 1,023 times, then an empty final block.
 */
function zipBomb(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['INV1', 1]]), 'Payments');
  const normal = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const zip = XLSX.CFB.read(normal, { type: 'buffer' }) as {
    FileIndex: { type: number; content: Uint8Array }[];
    FullPaths: string[];
  };
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
  );
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
  const zeros = zlib.deflateRawSync(Buffer.alloc(MiB, 0x30), flush);
  const blocks = 1023;
  const entries: ZipEntry[] = [];
  zip.FileIndex.forEach((file, i) => {
    if (file.type !== 2) return;
    const name = zip.FullPaths[i]!.replace(/^[^/]*\//, '');
    if (name !== 'xl/worksheets/sheet1.xml') {
      entries.push({ name, data: zlib.deflateRawSync(file.content), method: 8, size: file.content.length });
      return;
    }
    const data = Buffer.concat([
      zlib.deflateRawSync(head, flush),
      ...Array.from({ length: blocks }, () => zeros),
      Buffer.from([0x03, 0x00]),
    ]);
    entries.push({ name, data, method: 8, size: head.length + blocks * MiB });
  });
  return Buffer.from(writeZip(entries));
}

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const start = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - start), value };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The anonymous uploads come first: the bombs' growth, before the fix, would hide theirs.
describe('a server under uploads meant to exhaust it', () => {
  it('answers five parallel anonymous 19 MB uploads to /login with 419 at once, without buffering them', async () => {
    const boundary = 'hostile-upload';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.alloc(19 * MiB, 0x41),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = residentBytes(server.child.pid!);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        timed(async () => {
          const res = await fetch(`http://127.0.0.1:${server.port}/login`, {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
          });
          return { status: res.status, json: await res.json() };
        }),
      ),
    );
    const grown = residentBytes(server.child.pid!) - before;
    for (const a of answers) {
      expect(a.value).toEqual({ status: 419, json: { status: 'error', message: 'CSRF token mismatch.' } });
      expect(a.ms).toBeLessThan(QUICK_MS);
    }
    console.info(
      `5 × 19 MB anonymous to /login: ${answers.map((a) => a.ms).join(', ')} ms; VmRSS +${Math.round(grown / MiB)} MB`,
    );
    expect(grown).toBeLessThanOrEqual(RSS_BUDGET);
    expect((await admin.call('GET', '/api/session')).status).toBe(200); // and the server is still here
  }, 60_000);

  it('refuses an xlsx zip bomb on both import routes at once, without growing, while it answers others', async () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(1.2 * MiB);
    const accounts = (await admin.call('GET', '/accounts')).json.data as { id: number; name: string }[];
    const jet2 = accounts.find((a) => a.name.startsWith('Jet2'))!;
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const forms: [string, () => FormData][] = [
      [
        '/api/transactions/import',
        () => {
          const form = new FormData();
          form.set('account_id', String(jet2.id));
          form.set('status', 'completed');
          form.set('is_partial', '0');
          form.set('file', new Blob([bomb], { type: xlsx }), 'statement.xlsx');
          return form;
        },
      ],
      [
        '/agents-bulk-import',
        () => {
          const form = new FormData();
          form.set('file', new Blob([bomb], { type: xlsx }), 'agents.xlsx');
          return form;
        },
      ],
    ];
    const upload = (url: string, form: FormData) =>
      timed(async () => {
        const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
          method: 'POST',
          headers: admin.headers(),
          body: form,
        });
        return { status: res.status, json: (await res.json()) as { errors?: Record<string, string[]> } };
      });
    const before = residentBytes(server.child.pid!);
    for (const [url, form] of forms) {
      const refused = upload(url, form());
      await sleep(30); // the bomb is on the wire (or being read): a cheap request now must not wait for it
      const session = await timed(() => admin.call('GET', '/api/session'));
      const bombAnswer = await refused;
      expect(bombAnswer.value.status).toBe(422);
      expect(bombAnswer.value.json.errors).toEqual({ file: [UNPACKED_TOO_LARGE] });
      expect(session.value.status).toBe(200);
      console.info(`zip bomb on ${url}: ${bombAnswer.ms} ms; GET /api/session meanwhile: ${session.ms} ms`);
      expect(bombAnswer.ms).toBeLessThan(QUICK_MS);
      expect(session.ms).toBeLessThan(QUICK_MS);
    }
    const grown = residentBytes(server.child.pid!) - before;
    console.info(`VmRSS ${Math.round(before / MiB)} MB before the bombs, +${Math.round(grown / MiB)} MB after`);
    expect(grown).toBeLessThanOrEqual(RSS_BUDGET);
  }, 60_000);
});
