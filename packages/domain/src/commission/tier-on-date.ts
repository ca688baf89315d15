/**
 * Agent tiers over time (DOMAIN.md "Tier changes", agents spec §2.3 and §4). Dates are 'YYYY-MM-DD'
 * strings, which order correctly when compared as strings.
 */
import { divRoundHalfAwayFromZero } from '../money/money';
import { isValidIsoDate } from '../schemas/fields';
import { addDays, daysBetween } from './iso-date';

export interface TierPeriod {
  id?: number;
  tier_id: number;
  start_date: string;
  /** Last day in the tier, inclusive; null = still open (current). */
  end_date: string | null;
}

/** Newest first: later start date, then higher id. */
const newestFirst = (a: TierPeriod, b: TierPeriod) =>
  a.start_date === b.start_date ? (b.id ?? 0) - (a.id ?? 0) : a.start_date < b.start_date ? 1 : -1;

/**
 * The tier an agent holds on `date`: the history entry whose [start_date, end_date] covers it (the
 * newest if entries overlap). When no entry covers the date (no history at all, or a date before the
 * first entry), the agent's current tier (`currentTierId`, may be null) is used.
 */
export function tierOnDate(history: readonly TierPeriod[], date: string, currentTierId: number | null): number | null {
  const covering = history
    .filter((h) => h.start_date <= date && (h.end_date === null || date <= h.end_date))
    .sort(newestFirst)[0];
  return covering ? covering.tier_id : currentTierId;
}

/**
 * The current tier (agents spec §4): the agent's own commission tier if set, otherwise the tier of the
 * newest history entry with no end date, otherwise none.
 */
export function currentTier(agentTierId: number | null | undefined, history: readonly TierPeriod[]): number | null {
  if (agentTierId !== null && agentTierId !== undefined) return agentTierId;
  return history.filter((h) => h.end_date === null).sort(newestFirst)[0]?.tier_id ?? null;
}

export interface TierChangeInput {
  /** The agent's tier history (only the open entries matter; they must carry their id). */
  history: readonly (TierPeriod & { id: number })[];
  newTierId: number;
  /** The chosen start date; blank or missing means `today`. */
  startDate?: string | null;
  /** Today's date, passed in (the domain has no clock). */
  today: string;
}

export type TierChangePlan =
  | {
      ok: true;
      start_date: string;
      /**
       * Open entries to close: set end_date = start − 1 day, or = start for an entry that starts on the
       * new start date itself (a same-day entry: it stays in the timeline and counts as a change).
       */
      close: { id: number; end_date: string }[];
      /** The entry to insert. */
      open: { tier_id: number; start_date: string; end_date: null };
      /**
       * start ≤ today: recalculate every unpaid, uncancelled booking of the agent dated on or after this.
       * null for a future start (it takes effect by date, nothing to rewrite).
       */
      recalculate_from: string | null;
    }
  | { ok: false; error: string };

/**
 * Plans a tier change (DOMAIN.md "Tier changes"): closes the open history entry the day before the new
 * start and opens a new one. An open entry that starts on the new start date is closed on that day
 * (start = end): it stays in the timeline and counts as a change, and on that day the new entry, opened
 * after it, is the tier (`tierOnDate` takes the newest). A start before the open entry's start is refused
 * (it would rewrite closed history).
 */
export function planTierChange({ history, newTierId, startDate, today }: TierChangeInput): TierChangePlan {
  if (!isValidIsoDate(today)) throw new RangeError(`planTierChange: today is not a valid date: ${today}`);
  const start = startDate?.trim() || today;
  if (!isValidIsoDate(start)) return { ok: false, error: 'The tier start date is not a valid date (YYYY-MM-DD).' };

  const open = history.filter((h) => h.end_date === null);
  const later = open.filter((h) => h.start_date > start).sort(newestFirst)[0];
  if (later) {
    return {
      ok: false,
      error: `The tier start date must not be before ${later.start_date}, the start of the current tier.`,
    };
  }
  const dayBefore = addDays(start, -1);
  return {
    ok: true,
    start_date: start,
    close: open.map((h) => ({ id: h.id, end_date: h.start_date === start ? start : dayBefore })),
    open: { tier_id: newTierId, start_date: start, end_date: null },
    recalculate_from: start <= today ? start : null,
  };
}

export interface TierStatistics {
  /** Changes of tier: the entries after the first (the first is the tier the agent started with). */
  total_tier_changes: number;
  /** Whole days (end − start) averaged over entries with an end date, rounded half up; null if none. */
  average_days_in_tier: number | null;
  /** '45 days', '1 day' or 'N/A'. */
  average_time_in_tier: string;
  /** Start date of the newest entry, or null without history. */
  most_recent_change: string | null;
}

/**
 * The "Tier Statistics" block (agents spec §2.3, §4). Time in a tier is end_date − start_date in whole
 * days (a tier held from 2024-01-01 to 2024-01-31 counts 30 days, as Carbon's diffInDays does).
 */
export function tierStatistics(history: readonly TierPeriod[]): TierStatistics {
  const closed = history.filter((h): h is TierPeriod & { end_date: string } => h.end_date !== null);
  const totalDays = closed.reduce((acc, h) => acc + daysBetween(h.start_date, h.end_date), 0);
  const average =
    closed.length === 0 ? null : Number(divRoundHalfAwayFromZero(BigInt(totalDays), BigInt(closed.length)));
  return {
    total_tier_changes: Math.max(0, history.length - 1),
    average_days_in_tier: average,
    average_time_in_tier: average === null ? 'N/A' : `${average} ${average === 1 ? 'day' : 'days'}`,
    most_recent_change: [...history].sort(newestFirst)[0]?.start_date ?? null,
  };
}

/**
 * 'Agent Since' of the tier history (agents spec §2.3): the day the agent's record was created, or the
 * start of their first tier when that is earlier (a tier back-dated before the record existed, an
 * imported join date). `createdAt` is the record's ISO timestamp (its UTC date counts).
 */
export function agentSince(createdAt: string, history: readonly Pick<TierPeriod, 'start_date'>[]): string {
  const created = createdAt.slice(0, 10);
  return history.reduce((earliest, h) => (h.start_date < earliest ? h.start_date : earliest), created);
}
