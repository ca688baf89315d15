import { CSRF_MISMATCH, FORBIDDEN, UNAUTHENTICATED } from '@app/domain';

export type ErrorCode =
  | 'validation'
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'csrf'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'throttled'
  | 'internal';

/** The compiler refuses a new code without a status. */
export const STATUS_BY_CODE = {
  validation: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  csrf: 419,
  payload_too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

export type FieldErrors = Record<string, string[]>;

/** The one application error. `message` is written for the user; nothing internal goes in it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** Laravel-style summary: the first message, and how many more there are. */
export function summarise(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
}

export const validationError = (errors: FieldErrors, message?: string) =>
  new AppError('validation', message ?? summarise(errors), errors);
export const fieldError = (field: string, message: string) => validationError({ [field]: [message] });
export const notFound = (what = 'The requested resource') => new AppError('not_found', `${what} was not found.`);
/** The row a read found, or the contract's 404 naming `what` (e.g. 'The account'). */
export function found<T>(row: T | null | undefined, what: string): T {
  if (row === null || row === undefined) throw notFound(what);
  return row;
}
export const forbidden = (message: string = FORBIDDEN) => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', UNAUTHENTICATED);
export const csrfMismatch = () => new AppError('csrf', CSRF_MISMATCH);
export const conflict = (message: string) => new AppError('conflict', message);
