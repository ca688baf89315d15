import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { BACKUP_FORMAT_VERSION, BackupError, headerSchema, MAGIC, type BackupHeader, type BackupTable } from './format';

// Reading a backup file.

/** The decompressed data stopped before the end of a table. */
class DataEnded extends Error {}

/** Reads the decompressed file: lines for the framing, raw bytes for the tables, hashing as it goes. */
class BackupReader {
  private buf: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly hash = crypto.createHash('sha256');

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    return true;
  }

  private take(n: number, hashed: boolean): Buffer {
    const out = this.buf.subarray(0, n);
    if (hashed) this.hash.update(out);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** The next line without its newline; null at the end of the data or past `max` bytes. */
  async line(max: number, hashed = true): Promise<string | null> {
    for (;;) {
      const i = this.buf.indexOf(10);
      if (i >= 0 && i <= max) return this.take(i + 1, hashed).toString('utf8', 0, i);
      if (this.buf.length > max) return null;
      if (!(await this.more())) return null;
    }
  }

  /** One table's COPY rows up to its `\.` line (consumed, not yielded); `rows` counts them. */
  rows = 0;
  async *table(): AsyncGenerator<Buffer> {
    this.rows = 0;
    let lineStart = true;
    for (;;) {
      if (lineStart && this.buf.length >= 3 && this.buf[0] === 92 && this.buf[1] === 46 && this.buf[2] === 10) {
        this.take(3, true);
        return;
      }
      const end = this.buf.indexOf('\n\\.\n');
      // Everything before the end line; else everything but a tail that may begin it.
      const n = end >= 0 ? end + 1 : Math.max(0, this.buf.length - 3);
      if (n > 0) {
        const chunk = this.take(n, true);
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) this.rows += 1;
        lineStart = chunk[chunk.length - 1] === 10;
        yield chunk;
        continue;
      }
      if (!(await this.more())) throw new DataEnded('the data ends in the middle of a table');
    }
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  async atEnd(): Promise<boolean> {
    return this.buf.length === 0 && !(await this.more());
  }
}

export interface ReadVisitor {
  /** Called with the header before any table; throw to stop. */
  header?(header: BackupHeader): Promise<void>;
  /** Consumes one table's COPY text; what is left unread is drained. */
  table?(table: BackupTable, data: AsyncIterable<Buffer>): Promise<void>;
}

/**
 * Reads a backup file through: magic line, header, every table's framing and row count, the SHA-256
 * trailer, nothing after it. Throws a BackupError saying what is wrong with the file.
 */
export async function readBackupFile(file: string, visitor: ReadVisitor = {}): Promise<BackupHeader> {
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new BackupError(`${file} does not exist or is not a file.`);
  const head = Buffer.alloc(2);
  const fh = await fsp.open(file, 'r');
  const { bytesRead } = await fh.read(head, 0, 2, 0).finally(() => fh.close());
  const notBackup = (why: string) => new BackupError(`${file} is not a backup of this product (${why}).`);
  if (bytesRead < 2 || head[0] !== 0x1f || head[1] !== 0x8b) throw notBackup('not a gzip file');

  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  const reader = new BackupReader(source.pipe(gunzip)[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const corrupt = (why: string) => new BackupError(`${file} is truncated or corrupt: ${why}. Nothing was restored.`);
  let started = false;
  try {
    const magic = await reader.line(64);
    if (magic !== MAGIC) throw notBackup('it does not start with the backup marker');
    const headerLine = await reader.line(64 * 1024 * 1024);
    if (headerLine === null) throw corrupt('the header is incomplete');
    let header: BackupHeader;
    try {
      const raw = JSON.parse(headerLine) as { format_version?: unknown };
      if (typeof raw.format_version === 'number' && raw.format_version > BACKUP_FORMAT_VERSION) {
        throw new BackupError(
          `${file} was written in backup format ${raw.format_version} by a newer version of the product; this one reads format ${BACKUP_FORMAT_VERSION}.`,
        );
      }
      header = headerSchema.parse(raw);
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw corrupt('its header is not readable');
    }
    await visitor.header?.(header);
    started = true;
    for (const t of header.tables) {
      if ((await reader.line(4096)) !== `\\table ${t.name}`)
        throw corrupt(`the data of ${t.name} is not where expected`);
      const data = reader.table();
      if (visitor.table) await visitor.table(t, data);
      for await (const _ of data); // whatever the visitor left
      if (reader.rows !== t.rows) throw corrupt(`${t.name} has ${reader.rows} rows, its header says ${t.rows}`);
    }
    const expected = reader.digest();
    const trailer = await reader.line(4096, false);
    if (trailer === null) throw corrupt('the end marker is missing');
    if (trailer !== `\\end ${expected}`) throw corrupt('its SHA-256 does not match its content');
    if (!(await reader.atEnd())) throw corrupt('there is data after the end marker');
    return header;
  } catch (err) {
    // Met while a visitor was reading a table, these are still about the file.
    if (err instanceof DataEnded) throw corrupt(err.message);
    if (isZlibError(err)) throw started ? corrupt(err.message) : notBackup(err.message);
    throw err;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

function isZlibError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('Z_');
}
