import {
  claimEndpoints as api,
  CLAIM_MESSAGES,
  unclaimedCsv,
  unclaimedExportFilename,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE,
} from '@app/domain';
import { todayUtc } from '../../clock';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { forbidden, found, notFound } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import { CONTENT_SECURITY_POLICY } from '../../http/security-headers';
import { sendStoredFile } from '../../shared/stored-files';
import {
  findClaims,
  findUnmatchedByReference,
  findUnmatchedTransactions,
  getClaim,
  getClaimReceipt,
  unmatchedTransactionsForExport,
} from './claims.repo';
import { approveClaim, claimReceiptOf, createClaim, rejectClaim } from './claims.service';

/** The app's policy, but the receipt may be framed by the app itself (the review page previews a PDF). */
const RECEIPT_CSP = Object.entries({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': ["'self'"] })
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join('; ');

async function savedClaim(db: Db, id: number, message: string) {
  return { status: 'success' as const, message, data: found(await getClaim(db, id), 'The claim') };
}

function framableByTheApp(reply: FastifyReply) {
  return reply.header('content-security-policy', RECEIPT_CSP).header('x-frame-options', 'SAMEORIGIN');
}

export const claimRoutes: RouteModule = ({ db }) => [
  ...claimSubmissionRoutes(db),
  ...claimListRoutes(db),
  ...claimDecisionRoutes(db),
  ...claimReceiptRoute(db),
  ...unmatchedTransactionsRoute(db),
];

/** An agent's claim of an unmatched credit, and the search that finds the credit. */
function claimSubmissionRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.create,
      access: 'user',
      summary:
        "An agent's (or sub-agent's) claim of an unmatched credit (multipart: reference_number, booking_data as JSON " +
        '{transaction_id?, supplier_id?, booking_amount?, booking_reference, customer_name, booking_date, notes?, ' +
        'is_personal?}, booking_receipt required: JPEG, PNG or PDF ≤ 5 MB) → a pending request for admin review. ' +
        'Without transaction_id the claim is for the one unmatched credit of supplier_id with reference_number ' +
        '(trimmed, case-insensitive, as the search): none, or more than one, is a 422 on reference_number. A ' +
        "supplier_id or booking_amount that is not the transaction's is a 422. Admins claim by creating the " +
        'booking directly (POST /bookings with is_claimed_booking=1 and primary_agent_id): 403 here.',
      tags: ['claims'],
      bodyType: 'multipart',
      multipartLimits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 },
      fileTooLargeMessage: UPLOAD_TOO_LARGE,
      handler: async ({ body, user }) => {
        const id = await createClaim(db, user, body, claimReceiptOf(body));
        return savedClaim(db, id, CLAIM_MESSAGES.submitted);
      },
    }),
    route({
      endpoint: api.search,
      access: 'user',
      summary:
        'The newest unmatched credit transaction with this reference (trimmed, case-insensitive; any supplier), ' +
        "for the dashboard's unclaimed-booking search; none found is a 200 with transaction null and a message.",
      tags: ['claims'],
      handler: async ({ query }) => {
        const transaction = await findUnmatchedByReference(db, query.reference_number);
        // Nothing found is an answer, not an error (a 404 was logged as one by the browser).
        if (!transaction)
          return { status: 'success' as const, message: CLAIM_MESSAGES.notFound, data: { transaction: null } };
        return { status: 'success' as const, data: { transaction } };
      },
    }),
  ];
}

/** Claims for the admins' review, and the agent's own claims. */
function claimListRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.list,
      access: 'admin',
      summary:
        'Claim requests for review, newest first: pending by default, status=approved|rejected|all for the others; paged.',
      tags: ['claims'],
      handler: async ({ query }) => findClaims(db, query, null),
    }),
    route({
      endpoint: api.mine,
      access: 'user',
      summary:
        "The signed-in agent's own claim requests (beyond the contract: the agents' 'My claims' list), newest first, " +
        'every state by default: pending, approved with the booking id, rejected with the reason. 403 for a user ' +
        'without an agent profile.',
      tags: ['claims'],
      handler: async ({ query, user }) => {
        if (user.agent_id === null) throw forbidden(CLAIM_MESSAGES.agentOnly);
        return findClaims(db, query, user.agent_id);
      },
    }),
  ];
}

/** The admin's decision on a pending claim: approve or reject. */
function claimDecisionRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.approve,
      access: 'admin',
      summary:
        'Approve a pending claim: creates the booking as if the claiming agent had booked it (pending, ' +
        "is_claimed_booking, the transaction's supplier and amount, a via-parent supplier under the parent with the " +
        'split, the claim receipt), which then matches the transaction. A decided claim: 422.',
      tags: ['claims'],
      handler: async ({ params, user }) => {
        await approveClaim(db, user, params.id);
        return savedClaim(db, params.id, CLAIM_MESSAGES.approved);
      },
    }),
    route({
      endpoint: api.reject,
      access: 'admin',
      summary:
        'Reject a pending claim with a reason (required, ≤ 1000 characters): the transaction is unmatched again. A decided claim: 422.',
      tags: ['claims'],
      bodyType: 'form',
      handler: async ({ params, body, user }) => {
        await rejectClaim(db, user, params.id, body.reason);
        return savedClaim(db, params.id, CLAIM_MESSAGES.rejected);
      },
    }),
  ];
}

/** A claim's receipt. */
function claimReceiptRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.receipt,
      access: 'user',
      summary:
        "A claim's receipt, inline (admins, or the agent who claimed); framable by the app itself for the PDF preview.",
      tags: ['claims'],
      produces: 'application/octet-stream',
      handler: async ({ params, user, reply }) => {
        const file = await getClaimReceipt(db, params.id, user.is_admin ? null : (user.agent_id ?? 0));
        if (!file) throw notFound('The receipt');
        return sendStoredFile(framableByTheApp(reply), file);
      },
    }),
  ];
}

/** The report of unmatched credit transactions. */
function unmatchedTransactionsRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.unmatchedTransactions,
      access: 'admin',
      summary:
        'Unmatched credit transactions (completed credits on supplier accounts matching no booking of the supplier ' +
        'and with no pending claim): include_suppliers (include_suppliers[]=1&include_suppliers[]=2, repeated or a ' +
        'comma list), start_date, end_date (transaction date), search (reference, supplier, account), sort ' +
        '(transaction_date, reference_number, amount, supplier_name, account_name), direction (default ' +
        'transaction_date desc), page, per_page (10, 25, 50, 100; default 10).',
      tags: ['claims', 'reports'],
      handler: async ({ query }) => findUnmatchedTransactions(db, query),
    }),
    route({
      endpoint: api.unmatchedTransactionsExport,
      access: 'admin',
      summary:
        "The unclaimed list to share with the agents: every unmatched credit of the report's filters and sort " +
        '(no paging; at most 100,000) as CSV (UTF-8 with a byte order mark, CRLF): Supplier, Reference, Customer ' +
        'name (empty: a credit carries none), Date, Amount (exact), Currency, Account. Content-Disposition names ' +
        'the file unclaimed-credits-{today}.csv. Agents claim theirs through the unclaimed search.',
      tags: ['claims', 'reports'],
      produces: 'text/csv',
      handler: async ({ query, reply }) => {
        const rows = await unmatchedTransactionsForExport(db, query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${unclaimedExportFilename(todayUtc())}"`)
          .header('cache-control', 'no-store')
          .send(unclaimedCsv(rows));
      },
    }),
  ];
}
