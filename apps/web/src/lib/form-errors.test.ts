import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { VALIDATION_FALLBACK_MESSAGE, applyFormErrors, toFormErrors } from './form-errors';

const validation = (message: string | null, errors: Record<string, string[]>) =>
  new ApiError({
    kind: 'http',
    status: 422,
    message: message ?? 'The given data was invalid.',
    hasServerMessage: message !== null,
    errors,
  });

describe('toFormErrors', () => {
  it('puts the first message of each field on the field and keeps a distinct server message', () => {
    const error = validation('Please check the supplier.', {
      name: ['The name field is required.', 'The name must be a string.'],
      currency_id: ['The currency field is required.'],
    });
    expect(toFormErrors(error)).toEqual({
      message: 'Please check the supplier.',
      fieldErrors: { name: 'The name field is required.', currency_id: 'The currency field is required.' },
      otherErrors: [],
    });
  });

  it('drops a server message that only repeats a field message', () => {
    const single = validation('These credentials do not match our records.', {
      email: ['These credentials do not match our records.'],
    });
    expect(toFormErrors(single).message).toBeNull();

    const summary = validation('The name field is required. (and 1 more error)', {
      name: ['The name field is required.'],
      description: ['Too long.'],
    });
    expect(toFormErrors(summary).message).toBeNull();
  });

  it("uses the spec's fallback when a 422 has no message", () => {
    expect(toFormErrors(validation(null, { name: ['Required.'] })).message).toBe(VALIDATION_FALLBACK_MESSAGE);
  });

  it('lists errors for fields the form does not show in the alert', () => {
    const error = validation('Invalid.', {
      name: ['Bad name.'],
      'transactions.3.reference_number': ['Bad ref.'],
      other: ['Bad other.'],
    });
    const state = toFormErrors(error, { fields: ['name', 'transactions'] });
    expect(state.fieldErrors).toEqual({ name: 'Bad name.', 'transactions.3.reference_number': 'Bad ref.' });
    expect(state.otherErrors).toEqual(['Bad other.']);
  });

  it('shows the server message of other failures, or the fallback', () => {
    const forbidden = new ApiError({
      kind: 'http',
      status: 403,
      message: 'This action is unauthorized.',
      hasServerMessage: true,
    });
    expect(toFormErrors(forbidden, { fallback: 'Oops.' }).message).toBe('This action is unauthorized.');

    const bare = new ApiError({ kind: 'http', status: 500, message: 'An error occurred.', hasServerMessage: false });
    expect(toFormErrors(bare, { fallback: 'An error occurred while submitting the form.' }).message).toBe(
      'An error occurred while submitting the form.',
    );
    expect(toFormErrors(new Error('boom'), { fallback: 'Please try again.' }).message).toBe('Please try again.');
  });

  it('uses the network message when the server could not be reached', () => {
    const offline = new ApiError({ kind: 'network', status: 0, message: 'offline' });
    expect(toFormErrors(offline, { networkMessage: 'Error submitting form. Please try again.' })).toEqual({
      message: 'Error submitting form. Please try again.',
      fieldErrors: {},
      otherErrors: [],
    });
  });
});

describe('applyFormErrors', () => {
  it('sets the field errors on the form', () => {
    const form = { setErrors: vi.fn() };
    const state = applyFormErrors(form, validation('Nope.', { name: ['Taken.'] }));
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Taken.' });
    expect(state.message).toBe('Nope.');
  });
});
