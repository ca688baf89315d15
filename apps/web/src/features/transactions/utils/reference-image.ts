/** Reference image rule (spec §5, §9): JPEG, PNG, JPG or PDF, at most 5 MB (5242880 bytes). */
export const MAX_REFERENCE_IMAGE_BYTES = 5_242_880;
export const FILE_TOO_LARGE_MESSAGE = 'File size should not exceed 5MB';
export const REFERENCE_IMAGE_ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

export const isTooLarge = (file: File) => file.size > MAX_REFERENCE_IMAGE_BYTES;
