import { todayUtc } from '../../clock';
import { transactionEndpoints as api, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { found, notFound } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import { referenceImageOf, sendStoredFile } from '../../shared/stored-files';
import { bulkUpdateStatus, createTransaction, storeBulkTransactions, updateTransaction } from './transactions.service';
import { findTransactions, findUnclaimedTransaction, getTransaction, referenceImage } from './transactions.repo';

const uploadLimits = { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 };
/** 5,000 rows × up to 4 fields, plus the shared ones (the app-wide default is 20,000 fields). */
const bulkLimits = { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 20_100, parts: 20_110 };

export const transactionRoutes: RouteModule = ({ db }) => [
  ...transactionListAndCreateRoutes(db),
  ...transactionReadAndUpdateRoutes(db),
  ...transactionReferenceImageRoute(db),
  ...transactionBulkRoutes(db),
  ...unclaimedTransactionCheckRoute(db),
];

/** The transactions list and a new transaction. */
function transactionListAndCreateRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.list,
      access: 'admin',
      page: true,
      summary:
        'Transactions list: account, type, status, reference (partial, case-insensitive), cheque reference, date and amount ranges, double bookings; page_size 10/15/25/50/100 (default 15) and page.',
      tags: ['transactions'],
      handler: async ({ query }) => findTransactions(db, query),
    }),
    route({
      endpoint: api.create,
      access: 'admin',
      summary:
        "Create a transaction (multipart; reference_image optional). The currency is the account's; the reference must fit its supplier's format.",
      tags: ['transactions'],
      bodyType: 'multipart',
      multipartLimits: uploadLimits,
      fileTooLargeMessage: UPLOAD_TOO_LARGE,
      handler: async ({ body, user, redirectTo }) => {
        const id = await createTransaction(db, user, body, referenceImageOf(body));
        redirectTo('/transactions');
        return {
          status: 'success' as const,
          message: 'Transaction created successfully',
          data: found(await getTransaction(db, id), 'The transaction'),
          redirect: '/transactions',
        };
      },
    }),
  ];
}

/** One transaction: its edit form's read and its update. */
function transactionReadAndUpdateRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.get,
      access: 'admin',
      page: true,
      summary: 'One transaction, for the edit form (reference_image_url when there is one).',
      tags: ['transactions'],
      handler: async ({ params }) => ({
        status: 'success' as const,
        data: found(await getTransaction(db, params.id), 'The transaction'),
      }),
    }),
    route({
      endpoint: api.update,
      access: 'admin',
      summary:
        'Update a transaction (POST with _method=PUT, multipart). Account, type and currency cannot change (422).',
      tags: ['transactions'],
      bodyType: 'multipart',
      multipartLimits: uploadLimits,
      fileTooLargeMessage: UPLOAD_TOO_LARGE,
      handler: async ({ params, body, user, redirectTo }) => {
        await updateTransaction(db, user, params.id, body, referenceImageOf(body));
        redirectTo('/transactions');
        return {
          status: 'success' as const,
          message: 'Transaction updated successfully',
          data: found(await getTransaction(db, params.id), 'The transaction'),
          redirect: '/transactions',
        };
      },
    }),
  ];
}

/** A transaction's reference image. */
function transactionReferenceImageRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.referenceImage,
      access: 'admin',
      summary: "The transaction's reference image (JPEG, PNG or PDF).",
      tags: ['transactions'],
      produces: 'application/octet-stream',
      handler: async ({ params, reply }) => {
        const file = await referenceImage(db, params.id);
        if (!file) throw notFound('The reference image');
        return sendStoredFile(reply, file);
      },
    }),
  ];
}

/** Bulk entry of transactions, and the bulk status update. */
function transactionBulkRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.storeBulk,
      access: 'admin',
      summary:
        'Bulk entry (multipart or JSON): shared account (supplier), type (default credit), status, description type default|same|different, rows transactions[i][reference_number|amount|description|is_partial], 1..5000 rows, all in one insert or none.',
      tags: ['transactions'],
      bodyType: 'multipart',
      multipartLimits: bulkLimits,
      fileTooLargeMessage: UPLOAD_TOO_LARGE,
      handler: async ({ body, user, redirectTo }) => {
        const { count } = await storeBulkTransactions(db, user, body, referenceImageOf(body), todayUtc());
        redirectTo('/transactions');
        return {
          status: 'success' as const,
          message: `${count} transaction(s) created successfully`,
          count,
          redirect: '/transactions',
        };
      },
    }),
    route({
      endpoint: api.bulkUpdateStatus,
      access: 'admin',
      summary: 'Set the status (completed, pending or failed) of the given transactions in one statement.',
      tags: ['transactions'],
      handler: async ({ body, user }) => {
        const n = await bulkUpdateStatus(db, user, body.transaction_ids, body.status);
        return { status: 'success' as const, message: `${n} transaction(s) updated to ${body.status}.`, updated: n };
      },
    }),
  ];
}

/** The booking form's check for an unclaimed credit with the reference. */
function unclaimedTransactionCheckRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.checkUnclaimed,
      access: 'admin',
      summary:
        "Is there an unmatched completed credit with this reference on the supplier's accounts? ('Unclaimed Transaction Found' on the booking form)",
      tags: ['transactions'],
      handler: async ({ body }) => findUnclaimedTransaction(db, body.reference_number, body.supplier_id),
    }),
  ];
}
