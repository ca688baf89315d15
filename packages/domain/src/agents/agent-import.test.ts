import { describe, expect, it } from 'vitest';
import {
  AGENT_IMPORT_COLUMNS,
  agentImportFileKind,
  defaultImportPassword,
  excelSerialToIsoDate,
  formatFileSize,
  parseImportDate,
  planAgentImport,
  type ImportLookups,
} from './agent-import';

const lookups: ImportLookups = {
  tiers: new Map([['gold', 1]]),
  states: new Map([
    ['ON', { id: 10, country_id: 1 }],
    ['ONTARIO', { id: 10, country_id: 1 }],
  ]),
  existingEmails: new Set(['taken@example.test']),
};
const header = [...AGENT_IMPORT_COLUMNS];
/** The import's today: a birth date must be on or before 2008-05-01. */
const TODAY = '2026-05-01';
const row = (over: Partial<Record<(typeof AGENT_IMPORT_COLUMNS)[number], unknown>> = {}) =>
  AGENT_IMPORT_COLUMNS.map(
    (c) =>
      ({
        'First Name': 'Ada',
        LastName: 'Lovelace',
        Address: '1 Main St',
        City: 'Toronto',
        Prov: 'ON',
        Postal: 'M5V 1A1',
        'Birth Date': '1985-03-12',
        Email: 'ada@example.test',
        'Phone Number': '4165550100',
        AgentTier: 'Gold',
        JoinDate: '',
        SIN: '046454286',
        ...over,
      })[c],
  );

describe('Excel dates', () => {
  it.each([
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [31118, '1985-03-12'],
    [45292, '2024-01-01'],
    [45292.75, '2024-01-01'],
    [2958465, '9999-12-31'],
  ])('serial %s is %s', (serial, iso) => expect(excelSerialToIsoDate(serial)).toBe(iso));
  it.each([0, 60, -3, 2958466, NaN])('serial %s is refused', (serial) =>
    expect(excelSerialToIsoDate(serial)).toBeNull(),
  );

  it('reads text dates, serials, digits in CSV and blanks; refuses the rest', () => {
    expect(parseImportDate('1985-03-12')).toEqual({ ok: true, value: '1985-03-12' });
    expect(parseImportDate(31118)).toEqual({ ok: true, value: '1985-03-12' });
    expect(parseImportDate('31118')).toEqual({ ok: true, value: '1985-03-12' });
    expect(parseImportDate('  ')).toEqual({ ok: true, value: null });
    expect(parseImportDate(undefined)).toEqual({ ok: true, value: null });
    for (const bad of ['1985-02-30', '12/03/1985', 'yesterday', '1985-3-12'])
      expect(parseImportDate(bad).ok).toBe(false);
  });
});

describe('file kind, size, default password', () => {
  it('accepts by MIME type or extension, any case', () => {
    expect(agentImportFileKind('agents.XLSX', 'application/octet-stream')).toBe('xlsx');
    expect(agentImportFileKind('agents.xls', '')).toBe('xls');
    expect(agentImportFileKind('agents', 'text/csv; charset=utf-8')).toBe('csv');
    expect(agentImportFileKind('agents.txt', 'text/plain')).toBeNull();
    expect(agentImportFileKind('setup.exe', 'application/x-msdownload')).toBeNull();
  });
  it('formats sizes with 2 decimals', () => {
    expect(formatFileSize(512)).toBe('512.00 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(10_485_760)).toBe('10.00 MB');
  });
  it('builds the default password from the e-mail prefix', () => {
    expect(defaultImportPassword('john.doe@example.com')).toBe('john.doe123');
  });
});

describe('planAgentImport', () => {
  it('creates, skips existing and repeated e-mails, fails bad rows, and numbers spreadsheet rows', () => {
    const plan = planAgentImport(
      [
        header,
        row(),
        row({ Email: 'TAKEN@example.test' }),
        [],
        row({ Email: 'ada@example.test' }),
        row({ Email: 'bob@example.test', AgentTier: 'Platinum' }),
        row({ Email: 'eve@example.test', 'Birth Date': '31/02/1990' }),
        row({ Email: 'sam@example.test', 'Birth Date': 31118, JoinDate: 45292, Prov: 'Ontario' }),
        row({ Email: 'zed@example.test', Prov: 'XX' }),
      ],
      lookups,
      TODAY,
    );
    expect(plan.fileError).toBeNull();
    expect(plan.total_rows).toBe(7);
    expect(plan.toCreate.map((r) => [r.row, r.email])).toEqual([
      [2, 'ada@example.test'],
      [8, 'sam@example.test'],
    ]);
    expect(plan.toCreate[0]).toMatchObject({
      full_name: 'Ada Lovelace',
      home_address: '1 Main St, Toronto, ON M5V 1A1',
      date_of_birth: '1985-03-12',
      commission_tier_id: 1,
      country_id: 1,
      state_id: 10,
      default_password: 'ada123',
    });
    expect(plan.toCreate[1]).toMatchObject({ date_of_birth: '1985-03-12', joined_on: '2024-01-01' });
    expect(plan.skipped).toEqual([
      { row: 3, email: 'TAKEN@example.test', reason: 'An agent with this email already exists (not updated).' },
      { row: 5, email: 'ada@example.test', reason: 'The same email is already imported from row 2.' },
    ]);
    expect(plan.failed.map((f) => [f.row, f.error])).toEqual([
      [6, 'The commission tier "Platinum" does not exist.'],
      [7, 'The birth date "31/02/1990" is not a date (use YYYY-MM-DD or an Excel date).'],
      [9, 'The province or state "XX" is not known.'],
    ]);
    expect(plan.failed[0]!.data).toMatchObject({ Email: 'bob@example.test', AgentTier: 'Platinum' });
  });

  it('refuses an empty file, a header without rows, and a file with too few columns', () => {
    expect(planAgentImport([], lookups, TODAY).fileError).toMatch(/empty/);
    expect(planAgentImport([header, ['', '']], lookups, TODAY).fileError).toMatch(/no agents/);
    expect(planAgentImport([header.slice(0, 5), row().slice(0, 5)], lookups, TODAY).fileError).toMatch(/found 5/);
  });

  it("applies the agent form's checks to a SIN, phone number and birth date when given: the row fails with the message", () => {
    const plan = planAgentImport(
      [
        header,
        row({ Email: 'sin@example.test', SIN: '123' }),
        row({ Email: 'luhn@example.test', SIN: '046 454 287' }),
        row({ Email: 'phone@example.test', 'Phone Number': '555' }),
        row({ Email: 'future@example.test', 'Birth Date': '2030-01-01' }),
        row({ Email: 'young@example.test', 'Birth Date': '2008-05-02' }),
        row({ Email: 'all@example.test', SIN: '123', 'Phone Number': 555, 'Birth Date': '2030-01-01' }),
        row({ Email: 'long@example.test', LastName: 'L'.repeat(252) }),
        // Blank ones are allowed (the import never required them); separators and 18 today are fine.
        row({ Email: 'blank@example.test', SIN: '', 'Phone Number': '', 'Birth Date': '' }),
        row({ Email: 'ok@example.test', SIN: '046-454-286', 'Phone Number': 4165550100, 'Birth Date': '2008-05-01' }),
      ],
      lookups,
      TODAY,
    );
    expect(plan.failed.map((f) => [f.row, f.email, f.error])).toEqual([
      [2, 'sin@example.test', 'The SIN must be 9 digits (spaces or hyphens allowed).'],
      [3, 'luhn@example.test', 'The SIN is not a valid Social Insurance Number (its check digit does not match).'],
      [
        4,
        'phone@example.test',
        'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.',
      ],
      [5, 'future@example.test', 'The birth date must be a date in the past.'],
      [
        6,
        'young@example.test',
        'The agent must be at least 18 years old: the birth date must be on or before 2008-05-01.',
      ],
      [
        7,
        'all@example.test',
        'The birth date must be a date in the past. The SIN must be 9 digits (spaces or hyphens allowed). ' +
          'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.',
      ],
      [8, 'long@example.test', 'The name must not be greater than 255 characters.'],
    ]);
    expect(plan.failed[0]!.data).toMatchObject({ SIN: '123', Email: 'sin@example.test' });
    expect(plan.toCreate.map((r) => [r.email, r.sin_number, r.phone_number, r.date_of_birth])).toEqual([
      ['blank@example.test', null, null, null],
      ['ok@example.test', '046-454-286', '4165550100', '2008-05-01'],
    ]);
  });
});
