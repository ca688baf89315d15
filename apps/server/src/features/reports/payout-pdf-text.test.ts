import { buildPayoutStatement, cents, percent } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { renderPayoutPdf } from './payout-pdf';
import { pdfSafeText } from './payout-pdf-text';
import { poppler } from '../../test/requires-tool';
import { pageCount, pdfPages } from './payout-pdf.testing';

describe('pdfSafeText: what Helvetica (WinAnsi) cannot print is transliterated or replaced', () => {
  it.each([
    ['Ana Agent', 'Ana Agent'],
    ['Zoë Müller-Ñúñez, Café', 'Zoë Müller-Ñúñez, Café'], // Latin-1 stays
    ['“Quotes” – dash — € • … ™ Œuvre Šárka', '“Quotes” – dash — € • … ™ Œuvre Šárka'], // Windows-1252 extras stay
    ['Łódź Kraków Dvořák Đorđe Sørensen', 'Lódz Kraków Dvorák Dorde Sørensen'],
    ['Ｆｕｌｌ ｗｉｄｔｈ', 'Full width'],
    ['e\u0301', 'é'], // a decomposed accent composes
    ['😀 Smile', '? Smile'],
    ['👍🏽', '??'], // the emoji and its skin tone
    ['👩‍💻', '??'], // the zero-width joiner goes
    ['東京 Travel', '?? Travel'],
    ['Line\nbreak\ttab', 'Line break tab'],
    ['lone \ud800 surrogate', 'lone ? surrogate'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(pdfSafeText(input)).toBe(output);
  });
});

describe('renderPayoutPdf', () => {
  const statement = buildPayoutStatement([
    {
      agent_id: 1,
      agent_name: 'Ana 😀 東京',
      currency_code: 'CAD',
      booking_reference: 'REF-1',
      booking_date: '2026-03-01',
      supplier_name: 'Sunwing ✈',
      gross: cents(123456),
      percentage: percent('12.5'),
      commission: cents(15432),
      gst: cents(772),
      total: cents(16204),
    },
  ]);
  const input = {
    agencyName: 'Agence Zoë 😀',
    title: 'Payout statement',
    details: ['Payout #1: Test'],
    footerLabel: 'Payout #1',
    statement,
    agentNotes: new Map<number, string>(),
    emptyMessage: 'Nothing here.',
    generatedAt: new Date('2026-03-05T14:03:09Z'),
  };

  it('renders names no standard font can print, on one A4 page', async () => {
    const pdf = await renderPayoutPdf(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
  });

  it('prints them transliterated, with the amounts grouped and the time in UTC', async (ctx) => {
    poppler.need(ctx);
    const [page] = pdfPages(await renderPayoutPdf(input));
    expect(page).toContain('Agence Zoë ?');
    expect(page).toContain('Ana ? ?? (CAD)');
    expect(page).toMatch(/REF-1\s+2026-03-01\s+Sunwing \?\s+1,234\.56\s+12\.50\s+154\.32\s+7\.72\s+162\.04/);
    expect(page).toContain('Generated 2026-03-05 14:03 UTC');
    expect(page).toContain('Page 1 of 1');
  });

  it("prints an agent's note (their GST/HST number) by their name, also where the group continues", async (ctx) => {
    poppler.need(ctx);
    const many = buildPayoutStatement(
      Array.from({ length: 120 }, (_, i) => ({ ...statement.groups[0]!.items[0]!, booking_reference: `REF-${i}` })),
    );
    const pages = pdfPages(
      await renderPayoutPdf({ ...input, statement: many, agentNotes: new Map([[1, 'GST/HST no. 123456789RT0001']]) }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Ana ? ?? (CAD) · GST/HST no. 123456789RT0001');
    expect(pages[1]).toContain('Ana ? ?? (CAD) · GST/HST no. 123456789RT0001 (continued)');
  });

  it('says what it is given to say when there are no items', async (ctx) => {
    poppler.need(ctx);
    const [page] = pdfPages(await renderPayoutPdf({ ...input, statement: buildPayoutStatement([]) }));
    expect(page).toContain('Nothing here.');
    expect(page).not.toContain('Reference');
  });
});
