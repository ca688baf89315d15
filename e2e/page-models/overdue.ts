import type { Locator, Page } from 'playwright-core';
import { field } from './mantine';

/** An overdue booking as `GET /api/reports/overdue-commissions/bookings` lists it (the fields a journey reads). */
export interface OverdueBookingAnswer {
  booking_reference: string;
  customer_name: string;
  supplier_name: string;
  agent_name: string;
  booking_date: string;
  due_date: string;
  days_past_due: number;
  bucket: '0_30' | '31_60' | '61_90' | '90_plus';
  gross: number;
  received: number;
  outstanding: number;
  currency_code: string;
}

export const BUCKET_LABELS: Record<OverdueBookingAnswer['bucket'], string> = {
  '0_30': '0–30 days',
  '31_60': '31–60 days',
  '61_90': '61–90 days',
  '90_plus': '90+ days',
};

/** /reports/overdue-commissions: the totals, the suppliers' aging table, the bookings and the follow-up modal. */
export class OverduePage {
  constructor(private readonly page: Page) {}

  /** The figures and both tables are in (no loading skeleton left). */
  async loaded() {
    const page = this.page;
    await page.getByRole('heading', { name: 'Overdue commissions', level: 2 }).waitFor();
    await page.getByTestId('overdue-suppliers-table').or(page.getByTestId('suppliers-empty')).first().waitFor();
    await this.bookings().or(page.getByTestId('empty-state')).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('main .mantine-Skeleton-root'));
  }

  bookings(): Locator {
    return this.page.getByTestId('overdue-bookings-table');
  }

  row(reference: string): Locator {
    return this.bookings().locator(`tr[data-booking="${reference}"]`);
  }

  /** The references of the bookings table's rows, in order. */
  references(): Promise<string[]> {
    return this.bookings()
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-booking') ?? ''));
  }

  /** The text of each cell of a booking's row (a cut text whole, as its tooltip shows it). */
  cells(reference: string): Promise<string[]> {
    return this.row(reference)
      .locator('td')
      .evaluateAll((cells) =>
        cells.map((c) =>
          (c.querySelector('[data-full-text]')?.getAttribute('data-full-text') ?? c.textContent ?? '').trim(),
        ),
      );
  }

  /** Whether the bookings table is as wide as its frame or narrower (no sideways scrolling). */
  fitsItsFrame(): Promise<boolean> {
    return this.bookings().evaluate((table) => {
      const frame = table.closest('.mantine-ScrollArea-viewport');
      return frame !== null && frame.scrollWidth <= frame.clientWidth + 1;
    });
  }

  /** A bucket's amount in the aging table ('Show Air Canada Vacations 61–90 days: CA$1,625.00'). */
  bucket(supplier: string, label: string): Locator {
    return this.page.getByRole('button', { name: `Show ${supplier} ${label}: ` });
  }

  followUp(reference: string): Locator {
    return this.row(reference).getByRole('button', { name: `Follow up ${reference}` });
  }

  dialog(reference: string): Locator {
    return this.page.getByRole('dialog', { name: `Follow up ${reference}` });
  }

  /** A field of the follow-up modal, by its label. */
  input(reference: string, label: string): Locator {
    return this.dialog(reference).locator('input, textarea').and(field(this.page, label));
  }
}

/** 'Dec 4, 2026', as the app writes a date. */
export const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${iso}T00:00:00Z`),
  );

/** The day `days` after an ISO date. */
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An amount as the app writes it in its currency ('CA$1,625.00', '£1,180.00'). */
export const money = (amount: number, code: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(amount);
