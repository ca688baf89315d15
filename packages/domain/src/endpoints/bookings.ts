import {
  bookingFormSchema,
  bookingListQuerySchema,
  bookingListResponse,
  bookingReferenceCheckResponse,
  bookingResponse,
  bookingSavedResponse,
  bookingSuppliersQuerySchema,
  bookingSuppliersResponse,
  bookingTransactionStatusesResponse,
  cancelBookingSchema,
  checkBookingReferenceSchema,
  checkReferenceSupplierSchema,
  duplicateBookingSupplierResponse,
} from '../schemas/bookings';
import { messageResponse } from '../schemas/responses';
import { transactionStatusRequestSchema } from '../schemas/transactions';
import { endpoint, idParams } from './endpoint';

/** Bookings, their suppliers and receipts, and the booking reference checks. */
export const bookingEndpoints = {
  list: endpoint({ method: 'GET', path: '/bookings', query: bookingListQuerySchema, response: bookingListResponse }),
  /** Multipart: the form's fields and `booking_receipt` (a file, optional). */
  create: endpoint({ method: 'POST', path: '/bookings', body: bookingFormSchema, response: bookingSavedResponse }),
  get: endpoint({ method: 'GET', path: '/bookings/:id', params: idParams, response: bookingResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/bookings/:id',
    params: idParams,
    body: bookingFormSchema,
    response: bookingSavedResponse,
  }),
  remove: endpoint({ method: 'DELETE', path: '/bookings/:id', params: idParams, response: messageResponse }),
  cancel: endpoint({
    method: 'POST',
    path: '/bookings/:id/cancel',
    params: idParams,
    body: cancelBookingSchema,
    response: messageResponse,
  }),
  /** The receipt file (no JSON answer). */
  receipt: endpoint({ method: 'GET', path: '/bookings/:id/receipt', params: idParams }),
  transactionStatuses: endpoint({
    method: 'POST',
    path: '/bookings/transaction-status',
    body: transactionStatusRequestSchema,
    response: bookingTransactionStatusesResponse,
  }),
  checkReference: endpoint({
    method: 'POST',
    path: '/api/check-booking-reference',
    body: checkBookingReferenceSchema,
    response: bookingReferenceCheckResponse,
  }),
  checkDuplicateSupplier: endpoint({
    method: 'POST',
    path: '/api/check-duplicate-booking-supplier',
    body: checkReferenceSupplierSchema,
    response: duplicateBookingSupplierResponse,
  }),
  suppliers: endpoint({
    method: 'GET',
    path: '/api/booking-suppliers',
    query: bookingSuppliersQuerySchema,
    response: bookingSuppliersResponse,
  }),
};
