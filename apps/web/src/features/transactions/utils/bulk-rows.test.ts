import {
  MSG_AMOUNT_POSITIVE,
  MSG_CHECK_ROWS,
  MSG_COMMON_DESCRIPTION_REQUIRED,
  MSG_FORM_BLOCKED,
  MSG_REFERENCE_REQUIRED,
  MSG_ROW_DESCRIPTION_REQUIRED,
  MSG_SELECT_SUPPLIER_ACCOUNT,
} from '@app/domain';
import { describe, expect, it } from 'vitest';
import { bulkFormData, checkBulk, emptyRow, rowsToAdd, type BulkShared } from './bulk-rows';
import { withPageSize } from './list-query';

const shared = (over: Partial<BulkShared> = {}): BulkShared => ({
  account_id: '3',
  transaction_type: 'credit',
  status: 'completed',
  description_type: 'default',
  common_description: '',
  cheque_reference_number: '',
  reference_image: null,
  ...over,
});
const row = (reference_number: string, amount: string, description = '') => ({
  ...emptyRow(),
  reference_number,
  amount,
  description,
});

describe('rowsToAdd', () => {
  it.each([
    [1, 1, 1],
    [0, 1, 1],
    [50, 1, 50],
    [51, 1, 50],
    [50, 4990, 10],
    [10, 5000, 0],
    [Number.NaN, 1, 1],
  ])('asked %d with %d rows → %d', (asked, current, expected) => expect(rowsToAdd(asked, current)).toBe(expected));
});

describe('checkBulk', () => {
  it('passes good rows', () => {
    expect(checkBulk(shared(), [row('SW0000001', '10.50')], 'SW0000000')).toEqual({ errors: {}, messages: [] });
  });

  it('blocks with the row messages and the generic line when only rows are wrong', () => {
    const r = checkBulk(shared(), [row('', '5'), row('BAD', '0'), row('sw0000001', '-1')], 'SW0000000');
    expect(r.errors).toEqual({
      'transactions.0.reference_number': MSG_REFERENCE_REQUIRED,
      'transactions.1.reference_number': 'Format should match: SW0000000',
      'transactions.1.amount': MSG_AMOUNT_POSITIVE,
      'transactions.2.amount': MSG_AMOUNT_POSITIVE,
    });
    expect(r.messages).toEqual([MSG_FORM_BLOCKED, MSG_CHECK_ROWS]);
  });

  it('lists shared-field messages instead of the generic line', () => {
    const r = checkBulk(shared({ account_id: null, description_type: 'same' }), [row('A', '1')], null);
    expect(r.messages).toEqual([MSG_FORM_BLOCKED, MSG_SELECT_SUPPLIER_ACCOUNT, MSG_COMMON_DESCRIPTION_REQUIRED]);
  });

  it('asks for per-row descriptions when they differ', () => {
    const r = checkBulk(shared({ description_type: 'different' }), [row('A', '1'), row('B', '1', 'x')], null);
    expect(r.errors).toEqual({ 'transactions.0.description': MSG_ROW_DESCRIPTION_REQUIRED });
  });
});

describe('bulkFormData', () => {
  it('posts rows as transactions[i][…], omits empty shared fields, and descriptions only when different', () => {
    const f = bulkFormData(shared({ cheque_reference_number: '' }), [row('A1', '1.50', 'ignored')]);
    expect(Object.fromEntries(f.entries())).toEqual({
      account_id: '3',
      transaction_type: 'credit',
      status: 'completed',
      description_type: 'default',
      'transactions[0][reference_number]': 'A1',
      'transactions[0][amount]': '1.50',
      'transactions[0][is_partial]': '0',
    });
    const g = bulkFormData(shared({ description_type: 'different' }), [row('A1', '1', 'Row one')]);
    expect(g.get('transactions[0][description]')).toBe('Row one');
  });
});

describe('withPageSize', () => {
  it('keeps the filters and goes back to page 1', () => {
    expect(withPageSize(new URLSearchParams('reference=AB&page=4'), 50).toString()).toBe(
      'reference=AB&page=1&page_size=50',
    );
  });
});
