import pg from 'pg';
import { BACKUP_SCHEMAS, type BackupHeader } from './format';

// Connections, and the product's tables and sequences as PostgreSQL's catalog describes them.

export interface TableChecksum {
  rows: number;
  checksum: string;
}

/**
 * One connection with the settings that make the rows' text the same at backup and restore time
 * (the checksum hashes that text): UTC, ISO dates, full float precision, hex bytea.
 */
export async function connect(url: string, applicationName: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  client.on('error', () => {}); // a dropped connection fails the running query; no crash besides
  await client.connect();
  await client.query(`set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres';
    set extra_float_digits = 3; set bytea_output = 'hex'; set client_encoding = 'UTF8'`);
  return client;
}

export interface CatalogTable {
  name: string;
  columns: string[];
  copyColumns: string[];
}

const qualified = (schema: string, name: string) => `${schema}.${name}`;
/** `public.users` → `"public"."users"`. */
export function quoteName(client: pg.Client, name: string): string {
  const dot = name.indexOf('.');
  return `${client.escapeIdentifier(name.slice(0, dot))}.${client.escapeIdentifier(name.slice(dot + 1))}`;
}
export const quoteColumns = (client: pg.Client, columns: readonly string[]) =>
  columns.map((c) => client.escapeIdentifier(c)).join(', ');

/**
 * The product's tables, parents before children along their foreign keys (so a COPY into them in this
 * order checks every reference as it goes), ties broken by name.
 */
export async function productTables(client: pg.Client): Promise<CatalogTable[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 2, 3`,
    [BACKUP_SCHEMAS],
  );
  const oids = rows.map((r) => r.oid);
  const { rows: cols } = await client.query<{ rel: number; name: string; generated: boolean }>(
    `select attrelid::int as rel, attname as name, attgenerated <> '' as generated
       from pg_attribute where attrelid = any($1) and attnum > 0 and not attisdropped order by attrelid, attnum`,
    [oids],
  );
  const { rows: fks } = await client.query<{ child: number; parent: number }>(
    `select distinct conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid = any($1) and confrelid = any($1) and conrelid <> confrelid`,
    [oids],
  );
  const byOid = new Map(
    rows.map((r) => [
      r.oid,
      { name: qualified(r.schema, r.name), columns: [] as string[], copyColumns: [] as string[] },
    ]),
  );
  for (const c of cols) {
    const t = byOid.get(c.rel)!;
    t.columns.push(c.name);
    if (!c.generated) t.copyColumns.push(c.name);
  }
  // Kahn's algorithm over "parent before child".
  const waitingOn = new Map(rows.map((r) => [r.oid, new Set<number>()]));
  for (const fk of fks) waitingOn.get(fk.child)!.add(fk.parent);
  const ordered: CatalogTable[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([oid]) => oid);
    if (ready.length === 0) {
      const names = [...waitingOn.keys()].map((oid) => byOid.get(oid)!.name);
      throw new Error(`The foreign keys between ${names.join(', ')} form a cycle: no load order exists.`);
    }
    ready.sort((a, b) => byOid.get(a)!.name.localeCompare(byOid.get(b)!.name));
    for (const oid of ready) {
      ordered.push(byOid.get(oid)!);
      waitingOn.delete(oid);
      for (const parents of waitingOn.values()) parents.delete(oid);
    }
  }
  return ordered;
}

/**
 * Row count and order-independent checksum of one table, computed by PostgreSQL: the sum, as an
 * exact numeric, of a 64-bit hash of each row's text. One streaming pass, no sort, no memory per row.
 * The backup, the restore's check and the tests all use this function.
 */
export async function tableChecksum(
  client: pg.Client,
  table: string,
  columns: readonly string[],
): Promise<TableChecksum> {
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows,
            coalesce(sum(hashtextextended(row(${quoteColumns(client, columns)})::text, 0)::numeric), 0)::text as checksum
       from only ${quoteName(client, table)}`,
  );
  // eslint-disable-next-line no-restricted-syntax -- a row count
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}

/** Every product table's row count and checksum, keyed by table name. */
export async function databaseChecksums(url: string): Promise<Map<string, TableChecksum>> {
  const client = await connect(url, 'commission-backoffice-checksums');
  try {
    await client.query('begin isolation level repeatable read, read only');
    const out = new Map<string, TableChecksum>();
    for (const t of await productTables(client)) out.set(t.name, await tableChecksum(client, t.name, t.columns));
    await client.query('commit');
    return out;
  } finally {
    await client.end();
  }
}

export interface CatalogSequence {
  name: string;
  /** The column whose default draws from it (serial, identity), when there is one. */
  ownedBy: { table: string; column: string } | null;
}

export async function productSequences(client: pg.Client): Promise<CatalogSequence[]> {
  const { rows } = await client.query<{ schema: string; name: string; table: string | null; column: string | null }>(
    `select n.nspname as schema, c.relname as name, tn.nspname || '.' || t.relname as table, a.attname as column
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
                            and d.refclassid = 'pg_class'::regclass
       left join pg_class t on t.oid = d.refobjid
       left join pg_namespace tn on tn.oid = t.relnamespace
       left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where c.relkind = 'S' and n.nspname = any($1)
      order by 1, 2`,
    [BACKUP_SCHEMAS],
  );
  return rows.map((r) => ({
    name: qualified(r.schema, r.name),
    ownedBy: r.table && r.column ? { table: r.table, column: r.column } : null,
  }));
}

/** Every sequence's position, for the header. */
export async function sequencePositions(client: pg.Client): Promise<BackupHeader['sequences']> {
  // A sequence is not transactional: its position may be a little ahead of the snapshot, never behind.
  const sequences: BackupHeader['sequences'] = [];
  for (const s of await productSequences(client)) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoteName(client, s.name)}`,
    );
    sequences.push({ name: s.name, ...rows[0]! });
  }
  return sequences;
}
