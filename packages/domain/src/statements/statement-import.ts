/**
 * A supplier statement's file read for the preview and the import (issue 24 §2): the same reader as the
 * two-column import (readImportFileCells: kinds, size, decoding, the first sheet), then its lines through a
 * mapping: the one sent, else the account's saved one, else one guessed from the header row.
 */
import { IMPORT_MESSAGES, readImportFileCells } from '../transactions/import-file';
import {
  guessStatementMapping,
  mapStatementCells,
  type StatementMapped,
  type StatementMapping,
} from './statement-layout';

/** The first rows shown as they are, and how much of each. */
export const STATEMENT_HEAD_ROWS = 12;
export const STATEMENT_HEAD_COLUMNS = 30;
export const STATEMENT_HEAD_CELL_CHARS = 60;

export type StatementPlan =
  | {
      ok: true;
      /** The first rows, each cell as text (bounded), for the admin to map. */
      head: string[][];
      column_count: number;
      mapping: StatementMapping | null;
      source: 'given' | 'saved' | 'guessed' | 'none';
      /** The lines read through `mapping`; null when there is none. */
      mapped: StatementMapped | null;
    }
  | { ok: false; error: string };

const cellText = (c: unknown): string =>
  typeof c === 'string' ? c.trim() : c == null ? '' : String(c as number | boolean).trim();

export async function planStatementImport(
  filename: string,
  bytes: Uint8Array,
  given: StatementMapping | null,
  saved: StatementMapping | null,
): Promise<StatementPlan> {
  const read = await readImportFileCells(filename, bytes);
  if (!read.ok) return read;
  const cells = read.cells;
  if (!cells.some((line) => line.some((c) => cellText(c) !== ''))) return { ok: false, error: IMPORT_MESSAGES.noData };
  const guessed = given || saved ? null : guessStatementMapping(cells);
  const mapping = given ?? saved ?? guessed;
  const source = given ? 'given' : saved ? 'saved' : guessed ? 'guessed' : 'none';
  return {
    ok: true,
    head: cells
      .slice(0, STATEMENT_HEAD_ROWS)
      .map((line) => line.slice(0, STATEMENT_HEAD_COLUMNS).map((c) => cellText(c).slice(0, STATEMENT_HEAD_CELL_CHARS))),
    column_count: Math.min(
      STATEMENT_HEAD_COLUMNS,
      cells.reduce((n, line) => Math.max(n, line.length), 0),
    ),
    mapping,
    source,
    mapped: mapping ? mapStatementCells(cells, mapping) : null,
  };
}
