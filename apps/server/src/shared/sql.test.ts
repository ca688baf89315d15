import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { createTestDatabase } from '../test/test-app';
import { z } from 'zod';
import {
  dateArray,
  idArray,
  likePattern,
  numericText,
  orderBy,
  pageLimit,
  paginate,
  parsedRows,
  tableAlias,
  textArray,
} from './sql';

let db: Db;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

const dialect = new PgDialect();
const column = async <T>(query: SQL): Promise<T[]> => (await db.execute<{ v: T }>(query)).rows.map((r) => r.v);

describe('idArray', () => {
  it('binds the ids as one array parameter, not as text of the statement', () => {
    const q = dialect.sqlToQuery(sql`select 1 where 2 = any(${idArray([2, 30, 400])})`);
    expect(q.sql).toBe('select 1 where 2 = any($1::int[])');
    expect(q.params).toEqual([[2, 30, 400]]);
  });

  it('matches exactly the listed ids, and nothing for an empty list', async () => {
    const ids = (list: number[]) =>
      column<number>(sql`select x as v from generate_series(1, 6) x where x = any(${idArray(list)}) order by x`);
    expect(await ids([5, 2, 5])).toEqual([2, 5]);
    expect(await ids([])).toEqual([]);
    expect(await column<number>(sql`select s as v from unnest(${idArray(new Set([3, 1]))}) s`)).toEqual([3, 1]);
  });
});

describe('textArray', () => {
  it('binds texts with commas, quotes, braces and backslashes as they are', async () => {
    const texts = ['a,b', 'c"d', '{e}', 'f\\g', "h'i", 'NULL'];
    expect(dialect.sqlToQuery(sql`select ${textArray(texts)}`).params).toEqual([texts]);
    expect(await column<string>(sql`select t as v from unnest(${textArray(texts)}) t`)).toEqual(texts);
  });
});

describe('dateArray', () => {
  it('binds ISO dates as one date[] parameter', async () => {
    const days = ['2026-03-01', '2024-02-29'];
    expect(dialect.sqlToQuery(sql`select ${dateArray(days)}`).params).toEqual([days]);
    expect(await column<string>(sql`select d::text as v from unnest(${dateArray(days)}) d`)).toEqual(days);
  });
});

describe('tableAlias', () => {
  it('quotes a table alias as an identifier', async () => {
    expect(dialect.sqlToQuery(sql`select ${tableAlias('b')}.id from bookings b`).sql).toBe(
      'select "b".id from bookings b',
    );
    expect(await column<number>(sql`select ${tableAlias('b')}.x as v from (select 7 as x) b`)).toEqual([7]);
  });
});

describe('likePattern', () => {
  const names = ['50% off', '500 off', 'a_b', 'axb', 'c\\d', 'cd', 'C\\D too'];
  const search = (text: string) =>
    column<string>(sql`
      select n as v from unnest(${textArray(names)}) with ordinality as x(n, i)
       where n ilike ${likePattern(text)} order by i`);

  it('matches % _ and \\ in the user’s text literally, anywhere, ignoring case', async () => {
    expect(await search('50%')).toEqual(['50% off']);
    expect(await search('a_b')).toEqual(['a_b']);
    expect(await search('c\\d')).toEqual(['c\\d', 'C\\D too']);
    expect(await search('%')).toEqual(['50% off']);
    expect(await search('_')).toEqual(['a_b']);
    expect(await search('\\')).toEqual(['c\\d', 'C\\D too']);
    expect(await search('OFF')).toEqual(['50% off', '500 off']);
  });

  it('is bound as a parameter', () => {
    const q = dialect.sqlToQuery(sql`select 1 where 'x' ilike ${likePattern("'; drop table users; --")}`);
    expect(q.sql).toBe(`select 1 where 'x' ilike $1`);
    expect(q.params).toEqual(["%'; drop table users; --%"]);
  });
});

describe('paginate and pageLimit', () => {
  const page = async (total: number, q: { page: number; per_page: number }) => {
    const rows = await column<number>(
      sql`select x as v from generate_series(1, ${total}::int) x order by x ${pageLimit(q)}`,
    );
    return paginate(rows, total, q);
  };

  it('numbers a middle, a last and an empty page', async () => {
    expect(await page(23, { page: 2, per_page: 10 })).toEqual({
      data: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      current_page: 2,
      last_page: 3,
      per_page: 10,
      from: 11,
      to: 20,
      total: 23,
    });
    expect(await page(23, { page: 3, per_page: 10 })).toMatchObject({
      data: [21, 22, 23],
      from: 21,
      to: 23,
      last_page: 3,
    });
    expect(await page(20, { page: 2, per_page: 10 })).toMatchObject({ from: 11, to: 20, last_page: 2 });
    expect(await page(23, { page: 4, per_page: 10 })).toMatchObject({ data: [], from: null, to: null, last_page: 3 });
    expect(await page(0, { page: 1, per_page: 15 })).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 15,
      from: null,
      to: null,
      total: 0,
    });
  });

  it('binds limit and offset', () => {
    const q = dialect.sqlToQuery(pageLimit({ page: 3, per_page: 25 }));
    expect(q.sql).toBe('limit $1 offset $2');
    expect(q.params).toEqual([25, 50]);
  });
});

describe('orderBy', () => {
  const COLUMNS = { name: sql`t.name`, size: [sql`t.size`, sql`t.name`] } as const;
  const rows = sql`(values (1, 'b', 2), (2, 'a', 1), (3, null, 2), (4, 'c', 1)) as t(id, name, size)`;
  const sorted = (order: SQL) => column<number>(sql`select t.id as v from ${rows} ${order}`);

  it('orders by the whitelisted column, then the tiebreak, in the direction', async () => {
    expect(await sorted(orderBy(COLUMNS, 'name', 'asc', sql`t.id`))).toEqual([2, 1, 4, 3]);
    expect(await sorted(orderBy(COLUMNS, 'name', 'desc', sql`t.id`, { nulls: 'last' }))).toEqual([4, 1, 2, 3]);
    expect(await sorted(orderBy(COLUMNS, 'size', 'asc', sql`t.id`))).toEqual([2, 4, 1, 3]);
    expect(dialect.sqlToQuery(orderBy(COLUMNS, 'size', 'desc', sql`t.id`)).sql).toBe(
      'order by t.size desc, t.name desc, t.id desc',
    );
  });

  it.each(['id; drop table users', 'constructor', '__proto__', 'toString', ''])(
    'refuses the sort %j, outside the whitelist, with a 422',
    (sort) => {
      const refused = (() => {
        try {
          orderBy(COLUMNS, sort as keyof typeof COLUMNS, 'asc', sql`t.id`);
        } catch (err) {
          return err;
        }
      })();
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(422);
      expect((refused as AppError).errors).toEqual({ sort: ['The sort is not one of the list’s columns.'] });
    },
  );

  it('refuses a direction other than asc or desc', () => {
    expect(() => orderBy(COLUMNS, 'name', 'asc; drop table users' as 'asc', sql`t.id`)).toThrow(
      'The direction must be asc or desc.',
    );
  });
});

describe('parsedRows', () => {
  const row = z.object({ id: z.number().int(), amount: numericText });

  it('returns the rows that have the shape', async () => {
    expect(await parsedRows(db, row, sql`select 1 as id, 12.50::numeric(12,2)::text as amount`)).toEqual([
      { id: 1, amount: '12.50' },
    ]);
  });

  it.each([
    ['an amount sent as a float', sql`select 1 as id, 12.5::float8 as amount`],
    ['an amount not cast to text', sql`select 1 as id, 12.5::float8::text || 'e0' as amount`],
    ['a column missing', sql`select 1 as id`],
    ['a null amount', sql`select 1 as id, null::text as amount`],
  ])('refuses %s', async (_what, query) => {
    await expect(parsedRows(db, row, query)).rejects.toThrow(z.ZodError);
  });
});
