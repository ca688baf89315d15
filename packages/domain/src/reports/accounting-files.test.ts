import { describe, expect, it } from 'vitest';
import { cents, sumMoney, type Cents } from '../money/money';
import {
  iifEntry,
  iifHeader,
  journalEntry,
  journalSides,
  paymentReference,
  quickBooksAccountNameProblem,
  quickBooksCsvHeader,
  quickBooksCsvLine,
  quickBooksDate,
  splitJournalFiles,
  telpayCsvHeader,
  telpayCsvLine,
  telpayPayeeName,
  telpayRow,
  type AgentPayment,
} from './accounting-files';
import { csvText, toAscii, toLatin1 } from './accounting-text';
import { uniqueSheetName } from './accounting-workbooks';

const accounts = { commission: 'Commission Expense', gst: 'GST/HST Receivable', clearing: 'Telpay Clearing' };

const payment = (over: Partial<AgentPayment> = {}): AgentPayment => ({
  payoutId: 42,
  payoutDate: '2026-11-22',
  currency: 'CAD',
  agentId: 17,
  agentCode: 'FC0017',
  agentName: 'Jane Agent',
  accountNumber: null,
  commission: cents(100_000),
  gst: cents(5_000),
  total: cents(105_000),
  ...over,
});

describe('text for the import files', () => {
  it('transliterates to ASCII', () => {
    expect(toAscii('Zoë Ångström-Łukasz Straße Ørsted')).toBe('Zoe Angstrom-Lukasz Strasse Orsted');
    expect(toAscii('  Renée \u201cRé\u201d  O\u2019Brien \u2014 日本 ')).toBe('Renee "Re" O\'Brien -');
    expect(toAscii('a\tb\nc\u0000d')).toBe('a b cd');
  });

  it('keeps Latin-1 letters for IIF and flattens the rest', () => {
    expect(toLatin1('José Łukasz\tÅse')).toBe('José Lukasz Åse');
  });

  it('cuts the Telpay payee name to 30 ASCII characters', () => {
    const name = telpayPayeeName('Marie-Ève Bérubé-Tremblay de la Fontaine');
    expect(name).toBe('Marie-Eve Berube-Tremblay de l');
    expect(name).toHaveLength(30);
    expect(telpayPayeeName('Anna Maria Smith Johnson Fitzgerald')).toBe('Anna Maria Smith Johnson Fitzg');
    expect(telpayPayeeName('Ann Marie Smith Johnson Fitzy Gerald')).toBe('Ann Marie Smith Johnson Fitzy');
  });

  it('quotes CSV fields when needed and neutralises formulas', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('@sum')).toBe("'@sum");
  });
});

describe('payment reference (Invoice Number and Journal No)', () => {
  it('is PO{payout}-{code} when it fits in 21 characters, else payout-agent ids', () => {
    expect(paymentReference(42, 17, 'FC0017')).toBe('PO42-FC0017');
    expect(paymentReference(2_147_483_647, 17, 'FC100001')).toBe('PO2147483647-FC100001');
    expect(paymentReference(2_147_483_647, 2_147_483_647, 'FC1000010')).toBe('2147483647-2147483647');
    expect(paymentReference(2_147_483_647, 2_147_483_647, 'FC1000010')).toHaveLength(21);
    expect(paymentReference(5, 9, 'FC-9')).toBe('5-9');
  });
});

describe('Telpay', () => {
  it('writes one CRLF row per payment with plain amounts', () => {
    const row = telpayRow(payment({ agentName: 'Zoë Smith, CPA', accountNumber: ' 0042-77 ' }));
    expect(telpayCsvHeader()).toBe(
      'Payee Code,Payee Name,Account Number,Payment Date,Amount,Invoice Number,GST/HST Amount,Commission,Currency\r\n',
    );
    expect(telpayCsvLine(row)).toBe(
      'FC0017,"Zoe Smith, CPA",0042-77,2026-11-22,1050.00,PO42-FC0017,50.00,1000.00,CAD\r\n',
    );
    // No account: the payee code stands for it.
    expect(telpayRow(payment()).accountNumber).toBe('FC0017');
    // eslint-disable-next-line no-control-regex -- checking for non-ASCII bytes
    expect(/[^\x00-\x7f]/.test(telpayCsvLine(row))).toBe(false);
  });
});

describe('QuickBooks journal', () => {
  const balance = (lines: { amount: Cents }[]) => sumMoney(lines.map((l) => l.amount));

  it('is the example of ACCOUNTING-FILES.md §2', () => {
    const lines = journalEntry(payment(), accounts);
    expect(quickBooksCsvHeader()).toBe(
      '\ufeffJournal No,Journal Date,Account Name,Debits,Credits,Description,Name,Currency\r\n',
    );
    expect(lines.map((l) => quickBooksCsvLine(l, 'MM/DD/YYYY'))).toEqual([
      'PO42-FC0017,11/22/2026,Commission Expense,1000.00,,"Commission, payout 42",Jane Agent,CAD\r\n',
      'PO42-FC0017,11/22/2026,GST/HST Receivable,50.00,,"GST/HST, payout 42",Jane Agent,CAD\r\n',
      'PO42-FC0017,11/22/2026,Telpay Clearing,,1050.00,"Paid via Telpay, payout 42",Jane Agent,CAD\r\n',
    ]);
    expect(balance(lines)).toBe(0n);
  });

  it('swaps the sides of a clawback and leaves out a zero GST line', () => {
    const lines = journalEntry(payment({ commission: cents(-2_500), gst: cents(0), total: cents(-2_500) }), accounts);
    expect(lines.map((l) => [l.account, journalSides(l)])).toEqual([
      ['Commission Expense', { debit: null, credit: 2_500n }],
      ['Telpay Clearing', { debit: 2_500n, credit: null }],
    ]);
    expect(balance(lines)).toBe(0n);
  });

  it('balances whatever the signs (property over many payments)', () => {
    for (let c = -300; c <= 300; c += 7) {
      for (const g of [-3, 0, 2, 15]) {
        const lines = journalEntry(payment({ commission: cents(c), gst: cents(g), total: cents(c + g) }), accounts);
        expect(balance(lines)).toBe(0n);
        for (const l of lines) {
          const { debit, credit } = journalSides(l);
          expect((debit === null) !== (credit === null)).toBe(true);
          expect((debit ?? credit)! > 0n).toBe(true);
        }
      }
    }
    expect(journalEntry(payment({ commission: cents(0), gst: cents(0), total: cents(0) }), accounts)).toEqual([]);
  });

  it('writes dates in the company format', () => {
    expect(quickBooksDate('2026-01-31', 'MM/DD/YYYY')).toBe('01/31/2026');
    expect(quickBooksDate('2026-01-31', 'DD/MM/YYYY')).toBe('31/01/2026');
    expect(quickBooksDate('2026-01-31', 'YYYY-MM-DD')).toBe('2026-01-31');
  });

  it('splits files at 999 rows without splitting an entry', () => {
    const entries = Array.from({ length: 500 }, (_, i) => [`${i}a`, `${i}b`, `${i}c`].slice(0, 2 + (i % 2)));
    const files = splitJournalFiles(entries);
    // Entries of 2 and 3 rows: 997 rows, then the next 3-row entry would make 1,000.
    expect(files.map((f) => f.length)).toEqual([997, 253]);
    expect(files.flat()).toEqual(entries.flat());
    for (const f of files) expect(f[0]!.endsWith('a')).toBe(true);
    expect(splitJournalFiles([])).toEqual([[]]);
    expect(splitJournalFiles([['a', 'b', 'c']], 2)).toEqual([['a', 'b', 'c']]);
  });

  it('checks account names', () => {
    expect(quickBooksAccountNameProblem('account', 'Expenses:Commissions')).toBeNull();
    expect(quickBooksAccountNameProblem('account', 'Expenses::Commissions')).toMatch(/':' only between/);
    expect(quickBooksAccountNameProblem('account', 'x'.repeat(101))).toMatch(/100 characters/);
    expect(quickBooksAccountNameProblem('account', 'A "B"')).toMatch(/double quotes/);
  });
});

describe('QuickBooks Desktop IIF', () => {
  it('writes TRNS, SPL and ENDTRNS rows whose amounts sum to 0', () => {
    const text = iifHeader() + iifEntry(journalEntry(payment({ agentName: 'José Ñuñez' }), accounts));
    const rows = text.split('\r\n');
    expect(rows.slice(0, 3)).toEqual([
      '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
      '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
      '!ENDTRNS',
    ]);
    expect(rows[3]).toBe(
      'TRNS\t\tGENERAL JOURNAL\t11/22/2026\tCommission Expense\tJosé Ñuñez\t1000.00\tPO42-FC0017\tCommission, payout 42',
    );
    expect(rows.slice(4, 7).map((r) => r.split('\t')[0])).toEqual(['SPL', 'SPL', 'ENDTRNS']);
    const amounts = rows.slice(3, 6).map((r) => BigInt(r.split('\t')[6]!.replace('.', '')));
    expect(amounts).toEqual([100_000n, 5_000n, -105_000n]);
    expect(amounts.reduce((a, b) => a + b, 0n)).toBe(0n);
    expect(iifEntry([])).toBe('');
  });

  it('writes no text field that a spreadsheet would run as a formula', () => {
    const hostile = ['=HYPERLINK("http://evil.example/?x","click")', '+SUM(1+1)', '@SUM(1)', '-2+3', '=CMD|calc'];
    for (const text of hostile) {
      const lines = journalEntry(payment({ agentName: text }), { commission: text, gst: text, clearing: text });
      for (const row of iifEntry(lines).split('\r\n').slice(0, -2)) {
        const [, , , , account, name, , docnum, memo] = row.split('\t');
        for (const field of [account, name, docnum, memo]) expect(field, row).not.toMatch(/^[=+\-@]/);
        expect(name).toBe(`'${text}`);
        expect(account).toBe(`'${text}`);
      }
    }
  });
});

describe('sheet names', () => {
  it('are at most 31 characters, without []:*?/\\, unique ignoring case', () => {
    const used = new Set(['summary']);
    expect(uniqueSheetName('Summary', used)).toBe('Summary (2)');
    expect(uniqueSheetName('A/B [test]: *what?*', used)).toBe('A B test what');
    expect(uniqueSheetName("'Quoted'", used)).toBe('Quoted');
    const long = 'Bartholomew Fitzgerald-Montgomery III';
    expect(uniqueSheetName(long, used)).toBe('Bartholomew Fitzgerald-Montgome');
    expect(uniqueSheetName(long.toUpperCase(), used)).toBe('BARTHOLOMEW FITZGERALD-MONT (2)');
    expect(uniqueSheetName('History', used)).toBe('History (2)');
    expect(uniqueSheetName('  ', used)).toBe('Sheet');
    for (const name of used) expect(name.length).toBeLessThanOrEqual(31);
  });
});
