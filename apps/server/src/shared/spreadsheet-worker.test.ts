import { describe, expect, it } from 'vitest';
import { writeZip } from '../../../../packages/domain/src/transactions/zip-writer.testing';
import { SpreadsheetLimitError, SpreadsheetWorkers } from './spreadsheet-worker';

const limits = { heapMb: 256, timeoutMs: 20_000, maxWorkers: 1, idleMs: 1000 };
/** A CSV of `rows` lines of 12 cells: about 4.8 million cells for 400,000 rows. */
const wideCsv = (rows: number) =>
  Array.from({ length: rows }, (_, i) => `INV${i},1.${i % 100},a,b,c,d,e,f,g,h,i,j`).join('\n');

describe('spreadsheet workers', () => {
  it("answer the domain's own result, bigint amounts and all", async () => {
    const workers = new SpreadsheetWorkers(limits);
    const csv = new TextEncoder().encode('INV1,12.50\nPMT2,-3.00\nbad');
    const plan = await workers.run('planTransactionImport', 'statement.csv', csv, null);
    expect(plan.ok && plan.rows).toEqual([
      { row: 1, reference: 'INV1', amount: 1250n },
      { row: 2, reference: 'PMT2', amount: -300n },
    ]);
    expect(plan.skipped).toEqual([{ row: 3, reason: 'needs two columns: reference, amount' }]);
    expect(await workers.run('readFirstSheet', { text: 'a,b\n1,2' })).toEqual({
      ok: true,
      cells: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  it('refuse a zip bomb from its central directory without starting a worker', async () => {
    const none = new SpreadsheetWorkers({ ...limits, maxWorkers: 0 }); // any task that needed a worker would wait forever
    const bomb = writeZip([
      { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(1_000_000), method: 8, size: 1024 ** 3 },
    ]);
    expect(await none.run('readFirstSheet', { bytes: bomb })).toEqual({ ok: false, reason: 'too-large' });
  });

  it('stop a worker that runs out of memory or time, and go on with a fresh one', async () => {
    const small = new SpreadsheetWorkers({ ...limits, heapMb: 64 });
    expect(await small.run('readFirstSheet', { text: wideCsv(10) })).toMatchObject({ ok: true });
    await expect(small.run('readFirstSheet', { text: wideCsv(400_000) })).rejects.toEqual(
      new SpreadsheetLimitError('memory'),
    );
    expect(await small.run('readFirstSheet', { text: wideCsv(10) })).toMatchObject({ ok: true });

    const hasty = new SpreadsheetWorkers({ ...limits, timeoutMs: 1 }); // no worker even starts in 1 ms
    await expect(hasty.run('readFirstSheet', { text: 'a' })).rejects.toEqual(new SpreadsheetLimitError('time'));
    await expect(hasty.run('readFirstSheet', { text: 'a' })).rejects.toEqual(new SpreadsheetLimitError('time'));
  }, 60_000);
});
