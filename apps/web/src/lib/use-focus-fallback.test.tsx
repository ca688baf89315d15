import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusFallback } from './use-focus-fallback';

/** A list whose rows each have a Pay button that arms the fallback (the row's link) when pressed. */
function List({ rows, dialog }: { rows: { id: number; payable: boolean }[]; dialog?: boolean }) {
  const keepFocus = useFocusFallback(rows);
  return (
    <>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <a href={`/b/${r.id}`}>Booking {r.id}</a>
              </td>
              <td>
                {r.payable && (
                  <button
                    type="button"
                    onClick={() =>
                      keepFocus((trigger) => {
                        const row = trigger.closest('tr');
                        return () => row?.querySelector('a');
                      })
                    }
                  >
                    Pay {r.id}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {dialog && (
        <div role="dialog">
          <button type="button">Close</button>
        </div>
      )}
    </>
  );
}

const both = [
  { id: 1, payable: true },
  { id: 2, payable: true },
];
const firstPaid = [
  { id: 1, payable: false },
  { id: 2, payable: true },
];

describe('useFocusFallback', () => {
  it('focuses the fallback when the trigger is gone with the refresh and the focus fell to the body', () => {
    const { rerender } = render(<List rows={both} />);
    const pay = screen.getByRole('button', { name: 'Pay 1' });
    pay.focus();
    act(() => pay.click());
    rerender(<List rows={firstPaid} />);
    expect(screen.queryByRole('button', { name: 'Pay 1' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Booking 1' }));
  });

  it('waits while a closing modal holds the focus, then focuses the fallback once it lets go', async () => {
    const { rerender } = render(<List rows={both} dialog />);
    const pay = screen.getByRole('button', { name: 'Pay 1' });
    pay.focus();
    act(() => pay.click());
    screen.getByRole('button', { name: 'Close' }).focus();
    rerender(<List rows={firstPaid} dialog />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    rerender(<List rows={firstPaid} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Booking 1' })));
  });

  it('leaves the focus alone when the trigger stays, or when something else has the focus', () => {
    const { rerender } = render(<List rows={both} />);
    const pay = screen.getByRole('button', { name: 'Pay 1' });
    pay.focus();
    act(() => pay.click());
    // Still there (a partial payout): Mantine's own return is what happens.
    rerender(<List rows={[...both]} />);
    expect(document.activeElement).toBe(pay);
    // The user went on to another row before the list refreshed.
    const other = screen.getByRole('button', { name: 'Pay 2' });
    other.focus();
    rerender(<List rows={firstPaid} />);
    expect(document.activeElement).toBe(other);
  });
});
