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

  it('shows a same-day change: the tier it replaced stays, closed on the day it began, and counts', () => {
    const sameDay = agentTierHistoryResponse.parse({
      status: 'success',
      agent: tierHistoryAgent(8, 'Sam Sameday', 'sam@example.test', '2026-11-26', 'Silver'),
      history: [
        tierPeriod(21, 'Silver', ['2026-11-26', null], 'Signed up for Silver', 'Alex Morgan'),
        tierPeriod(20, 'Bronze', ['2026-11-26', '2026-11-26']),
      ],
      statistics: { total_tier_changes: 1, average_time_in_tier: '0 days', most_recent_change: '2026-11-26' },
    });
    renderWithProviders(<TierHistoryView data={sameDay} />);
    const [silver, bronze] = screen.getAllByTestId('tier-entry');
    expect(silver).toHaveTextContent('Silver Tier');
    expect(silver).toHaveTextContent('Current Active Tier');
    expect(silver).not.toHaveTextContent('Changed the same day');
    expect(bronze).toHaveTextContent('Bronze Tier');
    expect(bronze).toHaveTextContent('From: Nov 26, 2026');
    expect(bronze).toHaveTextContent('To: Nov 26, 2026Changed the same day');
    expect(screen.getByTestId('tier-statistics')).toHaveTextContent('Total Tier Changes1');
    expect(screen.getByTestId('tier-statistics')).toHaveTextContent('Average Time in Tier0 days');
  });
});
