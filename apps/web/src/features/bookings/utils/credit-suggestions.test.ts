import { describe, expect, it } from 'vitest';
import { toApiError } from '../../../lib/api-client';
import { acceptConfirmation, creditAmount, refusalMessages, rejectConfirmation } from './credit-suggestions';

const credit = { reference_number: 'SW1234576', amount: 1120, currency_code: 'CAD', currency_symbol: 'C$' };

describe('the confirmations', () => {
  it("write the credit's amount in its currency and what changes", () => {
    expect(creditAmount(credit)).toBe('CA$1,120.00');
    expect(creditAmount({ ...credit, amount: 10.5, currency_code: 'GBP', currency_symbol: '£' })).toBe('£10.50');
    expect(acceptConfirmation(credit, 'SW1234567')).toBe(
      'Credit SW1234576 (CA$1,120.00) will match this booking: its reference becomes SW1234567; ' +
        'the original reference is kept in its history.',
    );
    expect(rejectConfirmation(credit)).toBe(
      'Credit SW1234576 (CA$1,120.00) will not be suggested for this booking again. The credit itself is not changed.',
    );
  });
});

describe('refusalMessages', () => {
  it("lists every message of a 422's errors once, not its summary", () => {
    const error = toApiError(422, {
      message: 'A (and 2 more errors)',
      errors: { booking_ids: ['A', 'B'], amounts: ['A'] },
    });
    expect(refusalMessages(error, 'Failed.')).toEqual(['A', 'B']);
  });

  it("falls back to the server's message, then to the fallback", () => {
    expect(refusalMessages(toApiError(409, { status: 'error', message: 'Taken.' }), 'Failed.')).toEqual(['Taken.']);
    expect(refusalMessages(toApiError(500, null), 'Failed.')).toEqual(['Failed.']);
    expect(refusalMessages(new Error('boom'), 'Failed.')).toEqual(['Failed.']);
  });
});
