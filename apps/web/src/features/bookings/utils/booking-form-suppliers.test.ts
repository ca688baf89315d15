import { BOOKING_REFERENCE_MESSAGE } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  bookingSupplierOptions,
  referenceCaseError,
  referenceFormatState,
  supplierLabel,
  type SupplierOption,
} from './booking-form-suppliers';

const direct: SupplierOption = {
  id: 2,
  name: 'TUI UK',
  parentAgentName: null,
  parentAgentId: null,
  splitPercentage: null,
};
const viaParent: SupplierOption = {
  id: 3,
  name: 'Transat',
  parentAgentName: 'Pat Parent',
  parentAgentId: 9,
  splitPercentage: 60,
};

describe('supplierLabel', () => {
  it("names a supplier reached through a parent agent 'name (via parent)'", () => {
    expect(supplierLabel(direct)).toBe('TUI UK');
    expect(supplierLabel(viaParent)).toBe('Transat (via Pat Parent)');
    expect(supplierLabel({ ...viaParent, parentAgentName: null })).toBe('Transat (via parent agent)');
  });
});

describe('bookingSupplierOptions', () => {
  const all = [
    { id: 1, name: 'Sunwing' },
    { id: 2, name: 'TUI UK' },
    { id: 3, name: 'Transat' },
  ];
  const bookable = [{ ...direct, currency_symbol: '£', bookable: true }, viaParent];

  it('offers the bookable suppliers with the fields the form uses', () => {
    expect(bookingSupplierOptions(bookable, all, undefined)).toEqual([direct, viaParent]);
  });

  it("keeps an edited booking's own supplier on the list once, by its name", () => {
    expect(bookingSupplierOptions(bookable, all, 1)).toEqual([
      direct,
      viaParent,
      { id: 1, name: 'Sunwing', parentAgentName: null, parentAgentId: null, splitPercentage: null },
    ]);
    expect(bookingSupplierOptions(bookable, all, 3)).toEqual([direct, viaParent]);
    expect(bookingSupplierOptions(bookable, [], 1)).toEqual([direct, viaParent]);
  });
});

describe('referenceFormatState', () => {
  it('is green when the reference fits the format, red when not, nothing without a format or a reference', () => {
    expect(referenceFormatState('SW0000000', 'SW1234567')).toBe('match');
    expect(referenceFormatState('SW0000000', 'SW12')).toBe('mismatch');
    expect(referenceFormatState('AX-00', 'B7-12')).toBe('match');
    expect(referenceFormatState('AX-00', '17-12')).toBe('mismatch');
    expect(referenceFormatState(null, 'anything')).toBeNull();
    expect(referenceFormatState('SW0000000', '')).toBeNull();
  });
});

describe('referenceCaseError', () => {
  it('asks for upper case letters, digits and hyphens', () => {
    expect(referenceCaseError('TUI-100')).toBeNull();
    expect(referenceCaseError('')).toBeNull();
    expect(referenceCaseError('ab-12')).toBe(BOOKING_REFERENCE_MESSAGE);
    expect(referenceCaseError('TUI 100')).toBe(BOOKING_REFERENCE_MESSAGE);
  });
});
