import { bookingEndpoints as api, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { found, notFound, validationError } from '../../http/errors';
import type { Db } from '../../db/client';
import { route, type RouteDef, type UploadedFile } from '../../http/route';
import { isUploadedFile, sendStoredFile } from '../../shared/stored-files';
import { findTransactionStatuses } from '../transactions';
import {
  bookingReferenceInUse,
  findBookingReceipt,
  findBookings,
  findBookingsWithSupplierReference,
  getBooking,
  visibleTo,
} from './bookings.repo';
import { saveBooking } from './booking-save';
import { cancelBooking, deleteBooking } from './bookings.service';

function receiptOf(body: { booking_receipt?: unknown }): UploadedFile | null {
  const f = body.booking_receipt;
  if (f === undefined || f === null || f === '') return null;
  if (!isUploadedFile(f)) throw validationError({ booking_receipt: ['The booking receipt must be a file.'] });
  return f;
}

const uploadLimits = { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 };

export const bookingRoutes: RouteModule = ({ db }) => [
  ...bookingListAndCreateRoutes(db),
  ...bookingReadAndUpdateRoutes(db),
  ...bookingDeleteAndCancelRoutes(db),
  ...bookingReceiptRoute(db),
  ...bookingCheckRoutes(db),
];

/** The bookings list and a new booking. */
function bookingListAndCreateRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.list,
      access: 'user',
      page: true,
      summary:
        'Bookings list: filters (search, status, transaction_status = the stored match status, supplier, agent, group, dates, personal), sort (default booking_date desc) and paging. Agents see the bookings they earn from.',
      tags: ['bookings'],
      handler: async ({ query, user }) => findBookings(db, user, query),
    }),
    route({
      endpoint: api.create,
      access: 'user',
      summary:
        'Create a booking (multipart, booking_receipt optional). Rates and commission lines come from the engine.',
      tags: ['bookings'],
      bodyType: 'multipart',
      multipartLimits: uploadLimits,
      fileTooLargeMessage: UPLOAD_TOO_LARGE,
      handler: async ({ body, user, redirectTo }) => {
        const { id } = await saveBooking(db, user, body, receiptOf(body), null);
        redirectTo(`/bookings/${id}`);
        return {
          status: 'success' as const,
          message: 'Booking created successfully',
          data: found(await getBooking(db, user, id), 'The booking'),
          redirect: `/bookings/${id}`,
        };
      },
    }),
  ];
}

/** One booking: its read shape and its update. */
function bookingReadAndUpdateRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.get,
      access: 'user',
      page: true,
      summary: 'One booking with supplier, agents, commission lines, group, receipt and audit history.',
      tags: ['bookings'],
      handler: async ({ params, user }) => ({
        status: 'success' as const,
        data: found(await getBooking(db, user, params.id), 'The booking'),
      }),
    }),
    route({
      endpoint: api.update,
      access: 'user',
      summary: 'Update a booking (POST with _method=PUT, multipart). Agents keep the status; refunds are admin-only.',
      tags: ['bookings'],
      bodyType: 'multipart',
      multipartLimits: uploadLimits,
      fileTooLargeMessage: UPLOAD_TOO_LARGE,
      handler: async ({ body, params, user, redirectTo }) => {
        await saveBooking(db, user, body, receiptOf(body), params.id);
        redirectTo(`/bookings/${params.id}`);
        return {
          status: 'success' as const,
          message: 'Booking updated successfully',
          data: found(await getBooking(db, user, params.id), 'The booking'),
          redirect: `/bookings/${params.id}`,
        };
      },
    }),
  ];
}

/** Ending a booking (admins): deleting it, or cancelling it with a note. */
function bookingDeleteAndCancelRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.remove,
      access: 'admin',
      summary:
        'Delete a booking (not completed or cancelled, not reconciled, no transactions, no paid commission: else 409).',
      tags: ['bookings'],
      handler: async ({ params, user, redirectTo }) => {
        await deleteBooking(db, user, params.id);
        redirectTo('/bookings');
        return { status: 'success' as const, message: 'Booking deleted successfully' };
      },
    }),
    route({
      endpoint: api.cancel,
      access: 'admin',
      summary: 'Cancel a booking with a note; its unpaid commission lines are cancelled.',
      tags: ['bookings'],
      bodyType: 'form',
      handler: async ({ params, body, user, redirectTo }) => {
        await cancelBooking(db, user, params.id, body.cancellation_note);
        redirectTo(`/bookings/${params.id}`);
        return { status: 'success' as const, message: 'Booking cancelled successfully' };
      },
    }),
  ];
}

/** The booking's receipt file, for whoever may see the booking. */
function bookingReceiptRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.receipt,
      access: 'user',
      summary: "The booking's receipt file.",
      tags: ['bookings'],
      produces: 'application/octet-stream',
      handler: async ({ params, user, reply }) => {
        const file = await findBookingReceipt(db, user, params.id);
        if (!file) throw notFound('The receipt');
        return sendStoredFile(reply, file);
      },
    }),
  ];
}

/** What the list and the booking form ask while the user works: match statuses and reference warnings. */
function bookingCheckRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.transactionStatuses,
      access: 'user',
      summary: 'Transaction match status for the given bookings, keyed by booking id (DOMAIN.md "Matching").',
      tags: ['bookings'],
      handler: async ({ body, user }) =>
        Object.fromEntries(await findTransactionStatuses(db, body.booking_ids, visibleTo(user))),
    }),
    route({
      endpoint: api.checkReference,
      access: 'user',
      summary: 'Is this booking reference already used? (amber warning on the form)',
      tags: ['bookings'],
      handler: async ({ body }) => {
        const used = await bookingReferenceInUse(db, body.booking_reference, body.exclude_booking_id);
        return used
          ? {
              exists: true,
              message: `A booking with reference ${body.booking_reference.toUpperCase()} already exists.`,
            }
          : { exists: false, message: '' };
      },
    }),
    route({
      endpoint: api.checkDuplicateSupplier,
      access: 'admin',
      summary: 'Bookings with the same reference and supplier (admin warning "Duplicate Booking with Supplier").',
      tags: ['bookings'],
      handler: async ({ body }) => {
        if (!body.supplier_id) return { has_duplicate: false, message: '', bookings: [] };
        const rows = await findBookingsWithSupplierReference(
          db,
          body.supplier_id,
          body.reference_number,
          body.exclude_booking_id,
        );
        return {
          has_duplicate: rows.length > 0,
          message: rows.length
            ? `${rows.length} booking(s) with this supplier already use reference ${body.reference_number.toUpperCase()}.`
            : '',
          bookings: rows,
        };
      },
    }),
  ];
}
