import { agentTierHistoryResponse } from '@app/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tierHistoryAgent, tierPeriod } from '../../../testing/agent-fixtures';
import { renderWithProviders } from '../../../testing/render';
import { TierHistoryView } from './tier-history';

// The answer for an agent whose record was created after the first tier began (a back-dated tier).
const data = agentTierHistoryResponse.parse({
  status: 'success',
  agent: {
    ...tierHistoryAgent(7, 'Erin Example', 'erin@example.test', '2026-01-01', 'Silver'),
    created_at: '2026-11-25T03:00:00Z',
  },
  history: [
    tierPeriod(12, 'Silver', ['2026-06-01', null], 'Moved to the Silver programme', 'Alex Morgan'),
    tierPeriod(11, 'Gold', ['2026-01-01', '2026-05-31'], 'Promoted after a strong quarter', 'Alex Morgan'),
  ],
  statistics: { total_tier_changes: 1, average_time_in_tier: '150 days', most_recent_change: '2026-06-01' },
});

describe('TierHistoryView (agents spec §2.3)', () => {
  it("shows 'Agent Since' from the answer's agent_since, not the record's creation date", () => {
    renderWithProviders(<TierHistoryView data={data} />);
    const info = screen.getByTestId('agent-information');
    expect(info).toHaveTextContent('Agent SinceJan 1, 2026');
    expect(info).not.toHaveTextContent('Nov 25, 2026');
    expect(screen.getByTestId('tier-statistics')).toHaveTextContent('Total Tier Changes1');
  });
});
