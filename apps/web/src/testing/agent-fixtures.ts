/** An agent as the tier-history answer heads it. */
export function tierHistoryAgent(id: number, name: string, email: string, since: string, tier: string | null) {
  const commission_tier = tier === null ? null : { id: 2, name: tier };
  return { id, user: { name, email }, created_at: `${since}T10:00:00Z`, agent_since: since, commission_tier };
}

/** One period of an agent's tier history, newest first in the answer; `changedBy` null reads 'System'. */
export function tierPeriod(
  id: number,
  tier: string,
  [start_date, end_date]: [string, string | null],
  reason: string | null = null,
  changedBy: string | null = null,
) {
  const changed_by_user = changedBy === null ? null : { name: changedBy };
  return { id, start_date, end_date, commission_tier: { name: tier }, reason, changed_by_user };
}
