import { COUNTRIES, CURRENCIES, DEFAULT_SETTINGS } from './reference-data';
import type { DbOrTx } from './client';
import { countries, currencies, settings, states } from './schema';

/** Currencies, countries with their states, and default settings. Idempotent; runs at every start. */
export async function ensureReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c) => ({ ...c })))
    .onConflictDoNothing({ target: currencies.code });
  await db
    .insert(countries)
    .values(COUNTRIES.map(({ code, name }) => ({ code, name })))
    .onConflictDoNothing({ target: countries.code });
  const rows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const idByCode = new Map(rows.map((r) => [r.code, r.id]));
  const stateRows = COUNTRIES.flatMap((c) =>
    c.states.map(([code, name]) => ({ country_id: idByCode.get(c.code)!, code, name })),
  );
  await db.insert(states).values(stateRows).onConflictDoNothing();
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}
