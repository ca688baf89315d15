/**
 * Upload limits of the spec, once (agents-transactions-payouts §5 and §9, bookings §9): the server
 * enforces them, the browser mirrors them to answer at once.
 */

/** Reference images, booking receipts, claim receipts: 5 MB (5242880 bytes). */
export const UPLOAD_MAX_BYTES = 5_242_880;
/** The spec's message for a file over `UPLOAD_MAX_BYTES`. */
export const UPLOAD_TOO_LARGE = 'File size should not exceed 5MB';
/** Image or PDF uploads: JPEG, PNG, JPG or PDF. */
export const UPLOAD_IMAGE_OR_PDF_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'application/pdf'] as const;
/** The `accept` attribute for those uploads. */
export const UPLOAD_IMAGE_OR_PDF_ACCEPT = 'image/jpeg,image/png,image/jpg,application/pdf,.jpg,.jpeg,.png,.pdf';
/** The message for an upload that is not a JPEG, PNG or PDF (`field` as sent, e.g. `booking_receipt`). */
export const uploadTypeMessage = (field: string): string =>
  `The ${field.replace(/_/g, ' ')} must be a JPEG, PNG or PDF file.`;
