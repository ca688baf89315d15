import { INVALID_OPTION, type CommissionInput, type CommissionRule, type CommissionRuleType } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fieldError, validationError } from '../../http/errors';
import { idArray } from '../../shared/sql';
import { ACTIVE_AGENT } from './commission-rules.repo';

// The checks of a rule's save (its owner, its suppliers) and the database's own guard behind them.

/** general_id must name a tier, or an active agent (the current owner of an edited rule may stay). */
export async function assertOwner(
  tx: DbOrTx,
  input: CommissionInput,
  existing: Pick<CommissionRule, 'commission_type' | 'general_id'> | null,
) {
  const keepsOwner =
    existing !== null && existing.commission_type === input.commission_type && existing.general_id === input.general_id;
  const { rows } =
    input.commission_type === 'tier'
      ? await tx.execute(sql`select 1 from commission_tiers where id = ${input.general_id}`)
      : await tx.execute(sql`
          select 1 from agents a join users u on u.id = a.user_id
           where a.id = ${input.general_id} ${keepsOwner ? sql`` : sql`and ${ACTIVE_AGENT}`}`);
  if (rows.length === 0) throw fieldError('general_id', INVALID_OPTION);
}

const ownerWord = (type: CommissionRuleType) => (type === 'tier' ? 'tier' : 'agent');

/** Every supplier exists, and none is listed by another rule of the same owner (DOMAIN.md). */
export async function assertSuppliers(tx: DbOrTx, input: CommissionInput, ruleId: number | null) {
  if (input.suppliers.length === 0) return;
  const { rows: known } = await tx.execute<{ id: number }>(
    sql`select id from suppliers where id = any(${idArray(input.suppliers)})`,
  );
  const found = new Set(known.map((r) => r.id));
  const unknown = input.suppliers.filter((s) => !found.has(s));
  if (unknown.length) {
    throw validationError({
      suppliers: unknown.map((s) => `The selected supplier (id ${s}) does not exist.`),
    });
  }
  const { rows: taken } = await tx.execute<{ name: string }>(sql`
    select s.name from commission_rule_suppliers crs join suppliers s on s.id = crs.supplier_id
     where crs.commission_type = ${input.commission_type} and crs.general_id = ${input.general_id}
       and crs.supplier_id = any(${idArray(input.suppliers)})
       ${ruleId === null ? sql`` : sql`and crs.rule_id <> ${ruleId}`}
     order by lower(s.name)`);
  if (taken.length)
    throw duplicateSuppliers(
      input.commission_type,
      taken.map((r) => r.name),
    );
}

/** One message naming every supplier already listed by another rule of the owner. */
const duplicateSuppliers = (type: CommissionRuleType, names: readonly string[]) => {
  const quoted = names.map((n) => `"${n}"`);
  const list = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)!}`;
  const subject = quoted.length === 1 ? `The supplier ${list} is` : `The suppliers ${list} are`;
  return validationError({
    suppliers: [
      `${subject} already listed in another commission rule of this ${ownerWord(type)}; a supplier can appear only once per ${ownerWord(type)}.`,
    ],
  });
};

/** The database's own guard (a concurrent save slipped past the check above): the same 422. */
export async function insertRuleSuppliers(tx: DbOrTx, ruleId: number, input: CommissionInput) {
  if (input.suppliers.length === 0) return;
  try {
    await tx.execute(sql`
      insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
      select ${ruleId}, s, ${input.commission_type}, ${input.general_id}
        from unnest(${idArray(input.suppliers)}) as s`);
  } catch (err) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const pgErr = e.code ? e : (e.cause ?? {});
    if (pgErr.code === '23505' && pgErr.constraint === 'commission_rule_suppliers_owner_supplier_key') {
      const owner = ownerWord(input.commission_type);
      throw validationError({
        suppliers: [
          `A selected supplier is already listed in another commission rule of this ${owner}; a supplier can appear only once per ${owner}.`,
        ],
      });
    }
    throw err;
  }
}
