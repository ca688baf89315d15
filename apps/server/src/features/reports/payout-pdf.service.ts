/**
 * The payout PDFs (DOMAIN.md "Files"; bookings-and-commissions §7): a payout's items, or what Next Payout
 * would pay now, as one statement. A non-admin sees only their own items and their totals; a payout that
 * paid them nothing is a 404 for them, as an unknown one is (its existence is not revealed).
 */
import {
  buildPayoutStatement,
  resolveReportRange,
  STATEMENT_PDF_MAX_ITEMS,
  statementGstNotes,
  statementTooLarge,
  type ReportFilters,
  type SessionUser,
  type StatementItem,
} from '@app/domain';
import { todayUtc } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { getAgencyName } from '../../shared/settings';
import { findNextPayoutItems } from './next-payout';
import { renderPayoutPdf } from './payout-pdf';
import { findPayoutHead, findPayoutStatementItems } from './payout-pdf.repo';

export interface PdfFile {
  filename: string;
  pdf: Buffer;
}

/** `GET /api/reports/payout-pdf/{payoutId}`. */
export async function payoutPdf(db: DbOrTx, user: SessionUser, payoutId: number, now = new Date()): Promise<PdfFile> {
  const missing = () => notFound('The payout');
  const head = await findPayoutHead(db, payoutId);
  if (!head) throw missing();
  const agentId = user.is_admin ? null : user.agent_id;
  if (!user.is_admin && agentId === null) throw missing();
  const items = await findPayoutStatementItems(db, payoutId, agentId);
  if (!user.is_admin && items.length === 0) throw missing();
  const pdf = await renderPayoutPdf({
    agentNotes: statementGstNotes(items),
    agencyName: await getAgencyName(db),
    title: 'Payout statement',
    details: [`Payout #${head.id}: ${head.name}`, `Payout date ${head.payout_date} · ${head.currency_code}`],
    footerLabel: `Payout #${head.id} (${head.payout_date})`,
    statement: buildPayoutStatement(items),
    emptyMessage: 'This payout has no items.',
    generatedAt: now,
  });
  return { filename: `payout-${head.id}-${head.payout_date}.pdf`, pdf };
}

/** `GET /api/reports/next-payout-pdf`: what Next Payout would pay now for the dashboard's filters. */
export async function nextPayoutPdf(
  db: DbOrTx,
  user: SessionUser,
  filters: ReportFilters,
  now = new Date(),
): Promise<PdfFile> {
  // The items first: they refuse (422) a range that starts after it ends, before anything is printed.
  const items = await findNextPayoutItems(db, user, filters);
  if (items.length > STATEMENT_PDF_MAX_ITEMS) {
    const message = statementTooLarge(items.length);
    throw validationError({ filters: [message] }, message);
  }
  const resolved = resolveReportRange(filters, todayUtc());
  const range = resolved.ok ? `${resolved.range.start_date} to ${resolved.range.end_date}` : '';
  const statementItems: StatementItem[] = items.map((i) => ({ ...i, gross: i.gross_portion }));
  const pdf = await renderPayoutPdf({
    agentNotes: statementGstNotes(items),
    agencyName: await getAgencyName(db),
    title: 'Next payout',
    details: [
      `Bookings dated ${range}`,
      'What a payout of everything available would pay now (amounts per currency, never added across currencies).',
    ],
    footerLabel: `Next payout, ${range}`,
    statement: buildPayoutStatement(statementItems),
    emptyMessage: 'There is nothing to pay.',
    generatedAt: now,
  });
  return { filename: `next-payout-${isoDay(now)}.pdf`, pdf };
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
