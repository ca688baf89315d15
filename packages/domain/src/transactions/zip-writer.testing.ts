/**
 * Test support (not exported by the package): writes a zip from entries exactly as given, so tests
 * can build the spreadsheets no office program writes: zip bombs, headers that lie, streamed entries.
 */
export interface ZipEntry {
  name: string;
  /** The bytes as stored: deflated when `method` is 8. */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size declared in both headers (default: the stored length). */
  size?: number;
  crc?: number;
  /** Extra general-purpose flags (0x01: encrypted). */
  flags?: number;
  /** Streamed like Apache POI or exceljs: flag bit 3, sizes 0 in the local header, a data descriptor after the data. */
  streamed?: boolean;
  /** Declare other sizes in the local header than in the central directory. */
  localSize?: number;
}

export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const header = (length: number, fill: (v: DataView) => void) => {
    const b = new Uint8Array(length);
    fill(new DataView(b.buffer));
    return b;
  };
  for (const e of entries) {
    const name = new TextEncoder().encode(e.name);
    const size = e.size ?? e.data.length;
    const crc = e.crc ?? 0;
    const flags = (e.flags ?? 0) | (e.streamed ? 0x08 : 0);
    const local = header(30, (v) => {
      v.setUint32(0, 0x04034b50, true);
      v.setUint16(4, 20, true);
      v.setUint16(6, flags, true);
      v.setUint16(8, e.method, true);
      v.setUint32(14, e.streamed ? 0 : crc, true);
      v.setUint32(18, e.streamed ? 0 : e.data.length, true);
      v.setUint32(22, e.streamed ? 0 : (e.localSize ?? size), true);
      v.setUint16(26, name.length, true);
    });
    const descriptor = e.streamed
      ? [
          header(16, (v) => {
            v.setUint32(0, 0x08074b50, true);
            v.setUint32(4, crc, true);
            v.setUint32(8, e.data.length, true);
            v.setUint32(12, size, true);
          }),
        ]
      : [];
    central.push(
      header(46, (v) => {
        v.setUint32(0, 0x02014b50, true);
        v.setUint16(4, 20, true);
        v.setUint16(6, 20, true);
        v.setUint16(8, flags, true);
        v.setUint16(10, e.method, true);
        v.setUint32(16, crc, true);
        v.setUint32(20, e.data.length, true);
        v.setUint32(24, size, true);
        v.setUint16(28, name.length, true);
        v.setUint32(42, offset, true);
      }),
      name,
    );
    for (const p of [local, name, e.data, ...descriptor]) {
      parts.push(p);
      offset += p.length;
    }
  }
  const cdSize = central.reduce((n, p) => n + p.length, 0);
  const end = header(22, (v) => {
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, entries.length, true);
    v.setUint16(10, entries.length, true);
    v.setUint32(12, cdSize, true);
    v.setUint32(16, offset, true);
  });
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
