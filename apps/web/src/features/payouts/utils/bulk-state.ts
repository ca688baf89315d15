/** The bulk payout / reconcile screen's state: the search's bookings, their rows, and the reducer over them. */
import type { SearchBooking } from '../api/payouts-api';
import { initialRow, normalisedAmount, selectRow, setCustom, setReconcile, type RowState } from './bulk-row';

/** Bookings with their rows, as the screen sends them. */
export type Selection = readonly { booking: SearchBooking; row: RowState }[];

export interface BulkState {
  bookings: ReadonlyMap<number, SearchBooking>;
  rows: ReadonlyMap<number, RowState>;
}

export type BulkAction =
  | { type: 'reset'; bookings: readonly SearchBooking[] }
  | { type: 'select'; ids: readonly number[]; selected: boolean }
  | { type: 'amount'; id: number; text: string }
  | { type: 'normaliseAmount'; id: number }
  | { type: 'reconcile'; id: number; value: boolean }
  | { type: 'custom'; id: number; value: boolean }
  | { type: 'percent'; id: number; lineId: number; text: string };

export const EMPTY_STATE: BulkState = { bookings: new Map(), rows: new Map() };

export function bulkReducer(state: BulkState, action: BulkAction): BulkState {
  if (action.type === 'reset') {
    return {
      bookings: new Map(action.bookings.map((b) => [b.id, b])),
      rows: new Map(action.bookings.map((b) => [b.id, initialRow(b)])),
    };
  }
  const rows = new Map(state.rows);
  const update = (id: number, change: (b: SearchBooking, row: RowState) => RowState) => {
    const b = state.bookings.get(id);
    const row = rows.get(id);
    if (b && row) rows.set(id, change(b, row));
  };
  switch (action.type) {
    case 'select':
      for (const id of action.ids) update(id, (b, row) => selectRow(b, row, action.selected));
      break;
    case 'amount':
      update(action.id, (_, row) => ({ ...row, amount: action.text }));
      break;
    case 'normaliseAmount':
      update(action.id, (b, row) => ({ ...row, amount: normalisedAmount(b, row) }));
      break;
    case 'reconcile':
      update(action.id, (b, row) => setReconcile(b, row, action.value));
      break;
    case 'custom':
      update(action.id, (b, row) => setCustom(b, row, action.value));
      break;
    case 'percent':
      update(action.id, (_, row) => ({ ...row, percents: { ...row.percents, [action.lineId]: action.text } }));
      break;
  }
  return { ...state, rows };
}

/** The selected bookings with their rows, in the search's order. */
export function selectedRows(state: BulkState): { booking: SearchBooking; row: RowState }[] {
  const out: { booking: SearchBooking; row: RowState }[] = [];
  for (const [id, booking] of state.bookings) {
    const row = state.rows.get(id);
    if (row?.selected) out.push({ booking, row });
  }
  return out;
}
