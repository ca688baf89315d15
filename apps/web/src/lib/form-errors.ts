import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, isApiError } from './api-client';

/**
 * One way to show a failed submit on every form:
 * - the first server message of each field goes on that field (Mantine `form.setErrors`);
 * - the server's `message` goes in an alert at the top of the form (left out when it only repeats a field's
 *   message, as a 422 for a single field usually does), together with errors for fields the form does not show.
 */
export interface FormErrorState {
  /** Text for the alert at the top of the form, or null. */
  message: string | null;
  /** First message per field the form shows; keys use dots for nested fields (`transactions.3.amount`). */
  fieldErrors: Record<string, string>;
  /** First messages of fields the form does not show, listed in the alert. */
  otherErrors: string[];
}

export interface FormErrorOptions {
  /** Fields the form renders (a prefix such as `transactions` covers `transactions.3.amount`). All when omitted. */
  fields?: readonly string[];
  /** Alert text when the server gave no message, or the error is not an API error. */
  fallback?: string;
  /** Alert text on a 422 whose body has no message. */
  validationFallback?: string;
  /** Alert text when the server could not be reached. */
  networkMessage?: string;
}

export const VALIDATION_FALLBACK_MESSAGE = 'Please fix the validation errors below.';

export const NO_FORM_ERRORS: FormErrorState = { message: null, fieldErrors: {}, otherErrors: [] };

const coversField = (fields: readonly string[] | undefined, key: string) =>
  fields === undefined || fields.some((field) => key === field || key.startsWith(`${field}.`));

/** Laravel-style summaries repeat the first field message: "The name field is required. (and 1 more error)". */
const repeatsFieldMessage = (message: string, fieldMessages: readonly string[]) =>
  fieldMessages.some((fieldMessage) => message === fieldMessage || message.startsWith(`${fieldMessage} (and `));

export function toFormErrors(error: unknown, options: FormErrorOptions = {}): FormErrorState {
  const fallback = options.fallback ?? GENERIC_ERROR_MESSAGE;
  if (!isApiError(error)) return { ...NO_FORM_ERRORS, message: fallback };
  if (error.kind === 'network') return { ...NO_FORM_ERRORS, message: options.networkMessage ?? NETWORK_ERROR_MESSAGE };

  const fieldErrors: Record<string, string> = {};
  const otherErrors: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first === undefined) continue;
    if (coversField(options.fields, field)) fieldErrors[field] = first;
    else otherErrors.push(first);
  }

  let message: string | null;
  if (error.hasServerMessage) {
    message = repeatsFieldMessage(error.message, Object.values(fieldErrors)) ? null : error.message;
  } else if (error.isValidation || otherErrors.length > 0 || Object.keys(fieldErrors).length > 0) {
    message = options.validationFallback ?? VALIDATION_FALLBACK_MESSAGE;
  } else {
    message = fallback;
  }
  return { message, fieldErrors, otherErrors };
}

/** Puts the field errors on a Mantine form and returns the state for `<FormErrorAlert>`. */
export function applyFormErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
  options?: FormErrorOptions,
): FormErrorState {
  const state = toFormErrors(error, options);
  form.setErrors(state.fieldErrors);
  return state;
}

export const hasFormErrorAlert = (state: FormErrorState | null | undefined): state is FormErrorState =>
  !!state && (state.message !== null || state.otherErrors.length > 0);
