import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tierHistoryAgent, tierPeriod } from '../../../testing/agent-fixtures';
import { agentUser } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/screen';

const history = {
  status: 'success',
  agent: tierHistoryAgent(42, 'Alex Agent', 'agent@example.test', '2024-01-05', 'Silver'),
  history: [
    tierPeriod(2, 'Silver', ['2025-06-01', null], 'Promotion', 'Ada Admin'),
    tierPeriod(1, 'Gold', ['2025-01-01', '2025-05-31']),
  ],
  statistics: { total_tier_changes: 1, average_time_in_tier: '150 days', most_recent_change: '2025-06-01' },
};

describe('Agent Tier History (spec §2.3)', () => {
  it('shows the agent, the timeline newest first and the statistics', async () => {
    renderScreen('/agents/42/tier-history', { 'GET /agents/42/tier-history': { body: history } }, agentUser);
    const info = await screen.findByTestId('agent-information');
    expect(info).toHaveTextContent('Alex Agent');
    expect(info).toHaveTextContent('Silver');
    expect(info).toHaveTextContent('Jan 5, 2024');
    const entries = screen.getAllByTestId('tier-entry');
    expect(entries[0]).toHaveTextContent('Silver Tier');
    expect(entries[0]).toHaveTextContent('Jun 1, 2025');
    expect(entries[0]).toHaveTextContent('Current Active Tier');
    expect(entries[0]).toHaveTextContent('Reason: Promotion');
    expect(entries[0]).toHaveTextContent('Changed by: Ada Admin');
    expect(entries[1]).toHaveTextContent('Gold Tier');
    expect(entries[1]).toHaveTextContent('May 31, 2025');
    expect(entries[1]).toHaveTextContent('Changed by: System');
    const stats = screen.getByTestId('tier-statistics');
    expect(stats).toHaveTextContent('Total Tier Changes1');
    expect(stats).toHaveTextContent('Average Time in Tier150 days');
    expect(stats).toHaveTextContent('Most Recent ChangeJun 1, 2025');
  });

  it('says when there is no history and no tier', async () => {
    renderScreen(
      '/agents/42/tier-history',
      {
        'GET /agents/42/tier-history': {
          body: {
            ...history,
            agent: { ...history.agent, commission_tier: null },
            history: [],
            statistics: { total_tier_changes: 0, average_time_in_tier: 'N/A', most_recent_change: null },
          },
        },
      },
      agentUser,
    );
    expect(await screen.findByText('No tier history available')).toBeInTheDocument();
    expect(screen.getByText('No Active Tier')).toBeInTheDocument();
  });
});

describe('Bulk Agent Import (spec §2.2)', () => {
  it('refuses a wrong file type, then imports and shows the summary and tables', async () => {
    const { mock, user, container } = renderScreen('/agents/import', {
      'POST /agents-bulk-import': {
        body: {
          status: 'success',
          message: 'Import completed: 1 created, 1 skipped, 1 failed.',
          summary: { total_rows: 3, created: 1, skipped: 1, failed: 1 },
          created: [
            {
              row: 2,
              name: 'Ana Lee',
              email: 'ana@x.test',
              fareconnect_number: 'FC100001',
              default_password: 'ana123',
            },
          ],
          skipped: [{ row: 3, email: 'old@x.test', reason: 'An agent with this email already exists (not updated).' }],
          failed: [
            {
              row: 4,
              email: 'bad@x.test',
              data: { Email: 'bad@x.test' },
              error: 'The commission tier "X" does not exist.',
            },
          ],
        },
      },
    });
    expect(await screen.findByText('Import multiple agents from an Excel or CSV file.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Import Agents' });
    expect(button).toBeDisabled();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'agents.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Please select a valid Excel or CSV file')).toBeInTheDocument();
    expect(screen.getByText('No file selected')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [new File(['a,b\n'], 'agents.csv', { type: 'text/csv' })] } });
    expect(screen.getByTestId('selected-file')).toHaveTextContent('agents.csv(4.00 Bytes)');
    await user.click(screen.getByRole('button', { name: 'Import Agents' }));
    const results = await screen.findByTestId('import-results');
    expect(screen.getByText('Import completed: 1 created, 1 skipped, 1 failed.')).toBeInTheDocument();
    expect(within(results).getByText('Total Rows')).toBeInTheDocument();
    expect(within(screen.getByTestId('created-table')).getByText('FC100001')).toBeInTheDocument();
    expect(
      screen.getByText('Each created agent must change this default password at first sign-in.'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('skipped-table')).getByText('old@x.test')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('failed-table')).getByText('The commission tier "X" does not exist.'),
    ).toBeInTheDocument();
    expect(mock.calls('POST /agents-bulk-import')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Import Another File' }));
    await waitFor(() => expect(screen.queryByTestId('import-results')).not.toBeInTheDocument());
    expect(screen.getByText('No file selected')).toBeInTheDocument();
  });

  afterEach(() => vi.restoreAllMocks());

  it('downloads the template under the name the server gives it', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const made: Blob[] = [];
    const clicked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => `blob:${made.push(blob as Blob)}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const { mock, user } = renderScreen('/agents/import', {
      'GET /agents-bulk-import/template': new Response('PK template', {
        headers: { 'content-type': xlsx, 'content-disposition': 'attachment; filename="agent-import-template.xlsx"' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download the template (.xlsx)' }));
    await waitFor(() => expect(clicked).toEqual(['agent-import-template.xlsx blob:1']));
    expect(await made[0]!.text()).toBe('PK template');
    expect(mock.calls('GET /agents-bulk-import/template')).toHaveLength(1);
  });

  it('shows "Import failed: " with the server message on a refused file', async () => {
    const { user, container } = renderScreen('/agents/import', {
      'POST /agents-bulk-import': {
        status: 422,
        body: { message: 'File size must be less than 10MB', errors: { file: ['File size must be less than 10MB'] } },
      },
    });
    await screen.findByText('Bulk Agent Import');
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['a'], 'a.xlsx', { type: '' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import Agents' }));
    expect(await screen.findByText('File size must be less than 10MB')).toBeInTheDocument();
  });
});
