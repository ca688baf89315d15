import { describe, expect, it } from 'vitest';
import { agentSince, currentTier, planTierChange, tierOnDate, tierStatistics, type TierPeriod } from './tier-on-date';

const history: TierPeriod[] = [
  { id: 1, tier_id: 10, start_date: '2023-01-01', end_date: '2023-06-30' },
  { id: 2, tier_id: 20, start_date: '2023-07-01', end_date: '2024-02-29' },
  { id: 3, tier_id: 30, start_date: '2024-03-01', end_date: null },
];

describe('tierOnDate', () => {
  it.each<[string, number | null]>([
    ['2023-01-01', 10],
    ['2023-06-30', 10],
    ['2023-07-01', 20],
    ['2024-02-29', 20],
    ['2024-03-01', 30],
    ['2030-01-01', 30],
    ['2022-12-31', 99], // before any history: the current tier
  ])('%s → %s', (date, tier) => {
    expect(tierOnDate(history, date, 99)).toBe(tier);
  });

  it('uses the current tier when there is no history', () => {
    expect(tierOnDate([], '2024-01-01', 5)).toBe(5);
    expect(tierOnDate([], '2024-01-01', null)).toBeNull();
  });

  it('a future-dated change takes effect on its date without anyone acting', () => {
    const scheduled: TierPeriod[] = [
      { id: 1, tier_id: 10, start_date: '2024-01-01', end_date: '2024-06-30' },
      { id: 2, tier_id: 20, start_date: '2024-07-01', end_date: null },
    ];
    expect(tierOnDate(scheduled, '2024-06-30', 20)).toBe(10);
    expect(tierOnDate(scheduled, '2024-07-01', 20)).toBe(20);
  });

  it('takes the newest entry when entries overlap', () => {
    const overlapping: TierPeriod[] = [
      { id: 1, tier_id: 10, start_date: '2024-01-01', end_date: null },
      { id: 2, tier_id: 20, start_date: '2024-05-01', end_date: null },
    ];
    expect(tierOnDate(overlapping, '2024-06-01', null)).toBe(20);
    expect(tierOnDate(overlapping, '2024-02-01', null)).toBe(10);
  });
});

describe('currentTier (agents spec §4)', () => {
  it('is the agent tier if set', () => expect(currentTier(4, history)).toBe(4));
  it('else the newest open entry', () => expect(currentTier(null, history)).toBe(30));
  it('else none', () => {
    expect(currentTier(null, [{ tier_id: 1, start_date: '2024-01-01', end_date: '2024-02-01' }])).toBeNull();
    expect(currentTier(undefined, [])).toBeNull();
  });
});

describe('planTierChange', () => {
  const open = [
    { id: 1, tier_id: 10, start_date: '2023-01-01', end_date: '2023-12-31' },
    { id: 2, tier_id: 20, start_date: '2024-01-01', end_date: null },
  ];

  it('closes the open entry the day before and opens the new one; a past start recalculates', () => {
    expect(planTierChange({ history: open, newTierId: 30, startDate: '2024-03-01', today: '2024-05-10' })).toEqual({
      ok: true,
      start_date: '2024-03-01',
      close: [{ id: 2, end_date: '2024-02-29' }],
      open: { tier_id: 30, start_date: '2024-03-01', end_date: null },
      recalculate_from: '2024-03-01',
    });
  });

  it.each([null, undefined, '', '   '])('a blank start (%j) means today', (startDate) => {
    const plan = planTierChange({ history: open, newTierId: 30, startDate, today: '2024-05-10' });
    expect(plan).toMatchObject({
      ok: true,
      start_date: '2024-05-10',
      close: [{ id: 2, end_date: '2024-05-09' }],
      recalculate_from: '2024-05-10',
    });
  });

  it('a future start closes and opens by date and recalculates nothing now', () => {
    const plan = planTierChange({ history: open, newTierId: 30, startDate: '2024-07-01', today: '2024-05-10' });
    expect(plan).toMatchObject({ ok: true, close: [{ id: 2, end_date: '2024-06-30' }], recalculate_from: null });
  });

  it('a change starting on the day the open entry starts closes it on that day: it stays and counts', () => {
    const sameDay = [...open.slice(0, 1), { id: 2, tier_id: 20, start_date: '2024-05-10', end_date: null }];
    const plan = planTierChange({ history: sameDay, newTierId: 30, startDate: '', today: '2024-05-10' });
    expect(plan).toEqual({
      ok: true,
      start_date: '2024-05-10',
      close: [{ id: 2, end_date: '2024-05-10' }],
      open: { tier_id: 30, start_date: '2024-05-10', end_date: null },
      recalculate_from: '2024-05-10',
    });
    if (!plan.ok) return;
    // Applied: the timeline keeps the same-day entry, the new tier holds that day, and it is a change.
    const after = [
      ...sameDay.map((h) => ({ ...h, end_date: plan.close.find((c) => c.id === h.id)?.end_date ?? h.end_date })),
      { id: 3, ...plan.open },
    ];
    expect(after).toEqual([
      { id: 1, tier_id: 10, start_date: '2023-01-01', end_date: '2023-12-31' },
      { id: 2, tier_id: 20, start_date: '2024-05-10', end_date: '2024-05-10' },
      { id: 3, tier_id: 30, start_date: '2024-05-10', end_date: null },
    ]);
    expect(tierOnDate(after, '2024-05-10', null)).toBe(30);
    expect(tierStatistics(after)).toMatchObject({ total_tier_changes: 2, most_recent_change: '2024-05-10' });
  });

  it('an agent created today as Bronze and moved to Silver from today: Bronze closes today, one change', () => {
    const created = [{ id: 7, tier_id: 1, start_date: '2026-11-26', end_date: null }];
    const plan = planTierChange({ history: created, newTierId: 2, startDate: '2026-11-26', today: '2026-11-26' });
    expect(plan).toMatchObject({ ok: true, close: [{ id: 7, end_date: '2026-11-26' }] });
    const after = [
      { id: 7, tier_id: 1, start_date: '2026-11-26', end_date: '2026-11-26' },
      { id: 8, tier_id: 2, start_date: '2026-11-26', end_date: null },
    ];
    expect(tierStatistics(after)).toEqual({
      total_tier_changes: 1,
      average_days_in_tier: 0,
      average_time_in_tier: '0 days',
      most_recent_change: '2026-11-26',
    });
    // A third change the same day closes Silver on that day too.
    const again = planTierChange({ history: after, newTierId: 3, startDate: '', today: '2026-11-26' });
    expect(again).toMatchObject({ ok: true, close: [{ id: 8, end_date: '2026-11-26' }] });
  });

  it('a first tier (no history) just opens', () => {
    expect(planTierChange({ history: [], newTierId: 30, today: '2024-05-10' })).toMatchObject({
      ok: true,
      close: [],
    });
  });

  it('refuses a start before the open entry and an invalid date', () => {
    expect(planTierChange({ history: open, newTierId: 30, startDate: '2023-12-01', today: '2024-05-10' })).toEqual({
      ok: false,
      error: 'The tier start date must not be before 2024-01-01, the start of the current tier.',
    });
    expect(
      planTierChange({ history: open, newTierId: 30, startDate: '2024-02-30', today: '2024-05-10' }),
    ).toMatchObject({ ok: false });
  });
});

describe('tierStatistics', () => {
  it('counts the changes (entries after the first), averages whole days over closed entries, gives the newest start', () => {
    // 2023-01-01..2023-06-30 = 180 days, 2023-07-01..2024-02-29 = 243 days → 211.5 → 212
    expect(tierStatistics(history)).toEqual({
      total_tier_changes: 2,
      average_days_in_tier: 212,
      average_time_in_tier: '212 days',
      most_recent_change: '2024-03-01',
    });
  });

  it("is 'N/A' without closed entries; the first tier alone is no change", () => {
    expect(tierStatistics([{ tier_id: 1, start_date: '2024-01-01', end_date: null }])).toEqual({
      total_tier_changes: 0,
      average_days_in_tier: null,
      average_time_in_tier: 'N/A',
      most_recent_change: '2024-01-01',
    });
    expect(tierStatistics([])).toMatchObject({
      total_tier_changes: 0,
      average_time_in_tier: 'N/A',
      most_recent_change: null,
    });
  });

  it('says 1 day', () => {
    expect(
      tierStatistics([{ tier_id: 1, start_date: '2024-01-01', end_date: '2024-01-02' }]).average_time_in_tier,
    ).toBe('1 day');
  });
});

describe('agentSince', () => {
  it('is the earliest of the first tier start and the record creation date', () => {
    expect(agentSince('2026-11-25T10:00:00Z', history)).toBe('2023-01-01');
    expect(agentSince('2022-05-04T23:59:59Z', history)).toBe('2022-05-04');
    expect(agentSince('2026-11-25T10:00:00Z', [])).toBe('2026-11-25');
  });
});
