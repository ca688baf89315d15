import type { Paginated } from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { fieldError } from '../http/errors';

/**
 * The SQL fragments that recur, written once so that injection safety shows where SQL is built:
 * what a request carries is always a bound parameter, and the only SQL text chosen by a request is
 * picked from a whitelist written in the code ({@link orderBy}).
 */

/**
 * Ids bound as one `int[]` parameter (`where b.id = any(${idArray(ids)})`, `unnest(${idArray(ids)})`),
 * never numbers joined into the statement's text; an empty list matches nothing.
 */
export const idArray = (ids: Iterable<number>): SQL => sql`${sql.param([...ids])}::int[]`;

/** Texts bound as one `text[]` parameter (`unnest(${idArray(ids)}, ${textArray(statuses)})`). */
export const textArray = (values: Iterable<string>): SQL => sql`${sql.param([...values])}::text[]`;

/** ISO dates (`YYYY-MM-DD`) bound as one `date[]` parameter (`b.booking_date = any(${dateArray(days)})`). */
export const dateArray = (days: Iterable<string>): SQL => sql`${sql.param([...days])}::date[]`;

/**
 * A table alias or a column name written in the code, quoted as an identifier (`${tableAlias('b')}.id`):
 * for fragments shared by queries that name their tables differently.
 */
export const tableAlias = (name: string): SQL => sql`${sql.identifier(name)}`;

/**
 * The `LIKE`/`ILIKE` pattern of a search: `text` anywhere, its `%`, `_` and `\` matched literally
 * (backslash is PostgreSQL's default LIKE escape). Bind it: `b.customer_name ilike ${likePattern(q.search)}`.
 */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of a list (CONTRACT.md §2 Lists): `page` from 1, `per_page` rows on each. */
export interface PageQuery {
  page: number;
  per_page: number;
}

/** The number of the last page of `total` rows: 1 when there are none. */
export const lastPage = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/** `limit … offset …` of the page, both bound. */
export const pageLimit = ({ page, per_page }: PageQuery): SQL => sql`limit ${per_page} offset ${(page - 1) * per_page}`;

/** The contract's page envelope of `data`, the rows of page `page` of `total` rows. */
export function paginate<T>(data: T[], total: number, { page, per_page }: PageQuery): Paginated<T> {
  const offset = (page - 1) * per_page;
  return {
    data,
    current_page: page,
    last_page: lastPage(total, per_page),
    per_page,
    from: data.length ? offset + 1 : null,
    to: data.length ? offset + data.length : null,
    total,
  };
}

export type SortDirection = 'asc' | 'desc';

const DIRECTION = { asc: sql`asc`, desc: sql`desc` } as const;
const NULLS = { first: sql`nulls first`, last: sql`nulls last` } as const;

/** The sort keys a list accepts and the SQL each orders by (one expression, or several in turn). */
export type SortColumns<K extends string> = Readonly<Record<K, SQL | readonly SQL[]>>;

/**
 * `order by` the column of `columns` that the request's `sort` names, then `tiebreak` (a unique key,
 * so pages never overlap), all in `direction` (and `nulls last` or `first` when asked). The request
 * only picks: a sort key outside the whitelist, or a direction other than asc/desc, is refused with a
 * 422 rather than written into the statement.
 */
export function orderBy<K extends string>(
  columns: SortColumns<K>,
  sort: K,
  direction: SortDirection,
  tiebreak: SQL | readonly SQL[],
  options: { nulls?: 'first' | 'last' } = {},
): SQL {
  if (typeof sort !== 'string' || !Object.hasOwn(columns, sort))
    throw fieldError('sort', 'The sort is not one of the list’s columns.');
  if (direction !== 'asc' && direction !== 'desc') throw fieldError('direction', 'The direction must be asc or desc.');
  const dir = options.nulls ? sql`${DIRECTION[direction]} ${NULLS[options.nulls]}` : DIRECTION[direction];
  const keys = [columns[sort], tiebreak].flat();
  return sql`order by ${sql.join(
    keys.map((k) => sql`${k} ${dir}`),
    sql`, `,
  )}`;
}

/** An exact `numeric` as the query sends it, cast to text (`-12.50`): never a float. */
export const numericText = z.string().regex(/^-?\d+(\.\d+)?$/, 'numeric text');

/**
 * The rows of `query`, each parsed by `row`: where a wrong shape would reach money (a column renamed
 * or dropped, a numeric not cast to text, a null where a value must be), the query fails loudly here
 * instead of a payout or a commission being computed from it.
 */
export async function parsedRows<T>(db: DbOrTx, row: z.ZodType<T>, query: SQL): Promise<T[]> {
  const { rows } = await db.execute(query);
  return z.array(row).parse(rows);
}
