import { defaultReportRange, REPORT_CARDS, type ReportCard } from '@app/domain';
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { isAdmin } from '../../../lib/authorization';
import { todayUtc } from '../../../lib/dates';
import { useUser } from '../../auth';
import { OverdueDashboardCard } from '../../overdue';
import { useCommissionSummary } from '../api/reports-api';
import { AccountBalances } from '../components/account-balances';
import { CardDetailModal } from '../components/card-detail-modal';
import { CommissionCharts } from '../components/commission-charts';
import { ReportFiltersPanel } from '../components/report-filters';
import { SummaryCards, visibleCards } from '../components/summary-cards';
import { readReportFilters, reportFiltersToSearch, reportServerQuery, type ReportFilters } from '../utils/report-query';

/** What the claims panel is given: the dashboard's range and included suppliers. */
export interface ClaimsPanelRange {
  startDate: string;
  endDate: string;
  supplierIds: number[];
}

export interface CommissionReportsRouteProps {
  /**
   * The claims feature's panel (issue 13): the admins' 'Unmatched Credit Transactions' table or the agents'
   * unclaimed search — the panel decides; the dashboard gives it its place and the current filters.
   */
  claimsPanel?: (range: ClaimsPanelRange) => ReactNode;
}

/** The detail modal open in the URL (`?card=confirmed`): Back from a booking returns to it. */
const CARD_PARAM = 'card';

/**
 * /reports/commissions (spec §2 "Commission reports dashboard"): filters in the URL, the summary cards with
 * their detail modals, account balances and overdue commissions (admins), the charts, and the claims panel's
 * place.
 */
export function CommissionReportsRoute({ claimsPanel }: CommissionReportsRouteProps) {
  const user = useUser();
  const admin = isAdmin(user);
  const [params, setParams] = useSearchParams();
  const defaults = defaultReportRange(todayUtc());
  const filters = readReportFilters(params, defaults, admin);
  const query = reportServerQuery(filters, admin);
  const summary = useCommissionSummary(query);

  const cardParam = params.get(CARD_PARAM);
  const openCard = REPORT_CARDS.find((c) => c === cardParam && visibleCards(admin).includes(c)) ?? null;
  const filterKey = reportFiltersToSearch(filters, defaults).toString();

  const apply = (next: ReportFilters) => {
    const search = reportFiltersToSearch(next, defaults);
    // The same filters again: nothing to push (no history entry that goes nowhere).
    if (search.toString() !== filterKey) setParams(search);
  };
  const setCard = (card: ReportCard | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (card) next.set(CARD_PARAM, card);
        else next.delete(CARD_PARAM);
        return next;
      },
      { replace: card === null },
    );

  return (
    <>
      <PageHeader
        title="Commission reports"
        description={
          admin
            ? 'What is owed, payable and paid, per currency — amounts in different currencies are never added.'
            : 'Your commissions: owed, payable and paid, per currency.'
        }
      />
      <ReportFiltersPanel key={filterKey} initial={filters} defaults={defaults} isAdmin={admin} onApply={apply} />
      <Stack gap="lg">
        <SummaryCards summary={summary} isAdmin={admin} query={query} onOpen={setCard} />
        {admin && <AccountBalances supplierIds={filters.include_suppliers} />}
        {/* Admins only: the report is theirs (agents are refused it), and it is not asked for otherwise. */}
        {admin && <OverdueDashboardCard />}
        <CommissionCharts query={query} isAdmin={admin} />
        {claimsPanel && (
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="claims-title"
            data-testid="claims-panel"
          >
            <Title order={3} size="h4" id="claims-title" mb="sm">
              {admin ? 'Unmatched Credit Transactions' : 'Unclaimed bookings'}
            </Title>
            {claimsPanel({
              startDate: filters.start_date,
              endDate: filters.end_date,
              supplierIds: filters.include_suppliers.map(Number),
            })}
          </Paper>
        )}
      </Stack>
      <CardDetailModal card={openCard} query={query} onClose={() => setCard(null)} />
    </>
  );
}
