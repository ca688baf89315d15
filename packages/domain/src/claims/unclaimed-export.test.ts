import { describe, expect, it } from 'vitest';
import { moneyFromDb } from '../money/money';
import { unclaimedCsv, unclaimedExportFilename } from './unclaimed-export';

describe('unclaimedCsv', () => {
  it('writes the header, exact amounts, quoted text and escaped formulas, CRLF, with a byte order mark', () => {
    const text = unclaimedCsv([
      {
        supplier_name: 'Air Transat',
        reference_number: 'AC604417',
        transaction_date: '2026-11-02',
        amount: moneyFromDb('1234.50'),
        currency_code: 'CAD',
        account_name: 'Transat, CAD',
      },
      {
        supplier_name: 'Hôtel "Le Nord"',
        reference_number: '=HYPERLINK("x")',
        transaction_date: '2026-11-03',
        amount: moneyFromDb('0.05'),
        currency_code: 'EUR',
        account_name: 'Nord',
      },
    ]);
    expect(text).toBe(
      '\ufeffSupplier,Reference,Customer name,Date,Amount,Currency,Account\r\n' +
        'Air Transat,AC604417,,2026-11-02,1234.50,CAD,"Transat, CAD"\r\n' +
        `"Hôtel ""Le Nord""","'=HYPERLINK(""x"")",,2026-11-03,0.05,EUR,Nord\r\n`,
    );
  });

  it('is the header alone when nothing is unmatched', () => {
    expect(unclaimedCsv([])).toBe('\ufeffSupplier,Reference,Customer name,Date,Amount,Currency,Account\r\n');
    expect(unclaimedExportFilename('2026-11-27')).toBe('unclaimed-credits-2026-11-27.csv');
  });
});
