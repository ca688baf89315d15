import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { SUCCESS_BANNER_MS, SuccessBanner } from './success-banner';

function Harness() {
  const [message, setMessage] = useState<string | null>('Booking created successfully');
  return <SuccessBanner message={message} onClose={() => setMessage(null)} />;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SuccessBanner', () => {
  it('hides itself after 5000 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('success-banner')).toHaveTextContent('Booking created successfully');
    expect(SUCCESS_BANNER_MS).toBe(5000);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByTestId('success-banner')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('success-banner')).not.toBeInTheDocument();
  });

  it('can be dismissed', () => {
    renderWithProviders(<Harness />);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByTestId('success-banner')).not.toBeInTheDocument();
  });
});
