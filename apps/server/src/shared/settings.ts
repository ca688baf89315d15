import { percentFromDb, percentToString } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { DEFAULT_SETTINGS } from '../db/reference-data';
import { settings } from '../db/schema';

/**
 * The product's settings (one today: the GST rate). Read by the commission engine and the bookings
 * service, written by the settings screen; the one place that knows where they are stored.
 */

/** The GST rate in percent ('5', '12.5'), the seeded default when none is stored. */
export async function getGstRate(db: DbOrTx): Promise<string> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'gst_rate'));
  return percentToString(percentFromDb(rows[0]?.value ?? DEFAULT_SETTINGS.gst_rate));
}

/** Stores the GST rate (a percent string as `percentToString` writes it). */
export async function storeGstRate(tx: DbOrTx, value: string): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: 'gst_rate', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
}
