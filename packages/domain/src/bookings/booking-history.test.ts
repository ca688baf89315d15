import { describe, expect, it } from 'vitest';
import { historyChanges, historyField, historyReferenceId, historyReferences, ownEntriesOnly } from './booking-history';

describe('historyChanges', () => {
  it('names only the fields the row wrote with another value', () => {
    const before = { booking_reference: 'SW1', notes: null, cancellation_note: null, booking_amount: '100.00' };
    const after = {
      booking_reference: 'SW1',
      notes: 'Window seat',
      booking_amount: '100.00',
      lines: [{ agent_id: 1 }],
    };
    expect(historyChanges(before, after)).toEqual([{ field: 'notes', before: null, after: 'Window seat' }]);
  });

  it.each([
    ['null and a missing value', { notes: null }, { notes: undefined }],
    ["null and ''", { trip_number: null }, { trip_number: '' }],
    ['decimals as stored and as computed', { commission_percentage: '12.5000' }, { commission_percentage: '12.5' }],
    ['a number and its decimal text', { booking_amount: 100 }, { booking_amount: '100.00' }],
  ])('treats %s as the same value', (_name, before, after) => {
    expect(historyChanges(before, after)).toEqual([]);
  });

  it('keeps leading zeros of a reference (text, not a number)', () => {
    expect(historyChanges({ booking_reference: '0123' }, { booking_reference: '123' })).toEqual([
      { field: 'booking_reference', before: '0123', after: '123' },
    ]);
  });

  it('lists what a creation set, and nothing for a row without an after', () => {
    expect(historyChanges(null, { status: 'pending', notes: null, is_personal: false })).toEqual([
      { field: 'status', before: null, after: 'pending' },
      { field: 'is_personal', before: null, after: false },
    ]);
    expect(historyChanges({ status: 'pending' }, null)).toEqual([]);
  });
});

describe('ownEntriesOnly', () => {
  it("drops other agents' lines and payout items at any depth, and keeps the rest", () => {
    const row = {
      status: 'partial',
      lines: [
        { agent_id: 1, amount: '42.00' },
        { agent_id: 2, amount: '28.00' },
      ],
      items: [{ agent_id: 2, total: '28.00' }],
      tags: ['a', 'b'],
    };
    expect(ownEntriesOnly(row, 1)).toEqual({
      status: 'partial',
      lines: [{ agent_id: 1, amount: '42.00' }],
      items: [],
      tags: ['a', 'b'],
    });
    expect(ownEntriesOnly(null, 1)).toBeNull();
  });
});

describe('historyField', () => {
  it("gives the booking form's words and how the value reads", () => {
    expect(historyField('supplier_id')).toEqual({ label: 'Supplier', kind: 'supplier' });
    expect(historyField('booking_amount')).toEqual({ label: 'Total Commission', kind: 'money' });
    expect(historyField('rate_source')).toEqual({ label: 'Rate from', kind: 'rate_source' });
  });

  it('reads a field it does not know as words, not a column name', () => {
    expect(historyField('some_new_field')).toEqual({ label: 'Some new field', kind: 'text' });
  });
});

describe('historyReferenceId', () => {
  it('reads a record id stored as digits or as a number', () => {
    expect(historyReferenceId('12')).toBe(12);
    expect(historyReferenceId(12)).toBe(12);
    expect(historyReferenceId('123456789')).toBe(123456789);
  });

  it('reads nothing else as an id: not exponent or signed text, not empty, not null', () => {
    for (const value of ['1e3', '', null, ' 12', '12 ', '-4', '0x1F', '1.0', '1234567890', true, 1.5, -4, 1e21])
      expect(historyReferenceId(value)).toBeNull();
  });
});

describe('historyReferences', () => {
  it('collects the ids of other records the changes name, by kind', () => {
    expect(
      historyReferences([
        { field: 'supplier_id', before: 3, after: '4' },
        { field: 'primary_agent_id', before: null, after: 9 },
        { field: 'sub_agent_id', before: 9, after: 12 },
        { field: 'booking_amount', before: '10.00', after: '12.00' },
        { field: 'payout_id', before: null, after: 'not-an-id' },
        { field: 'booking_group_id', before: '1e3', after: '' },
      ]),
    ).toEqual({ agent: [9, 12], supplier: [3, 4], booking_group: [], payout: [], file: [] });
  });
});
