import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { TruncatedText } from './truncated-text';

describe('TruncatedText', () => {
  it("takes the cell's font size when given none", () => {
    renderWithProviders(<TruncatedText>Alex Agent</TruncatedText>);
    const text = screen.getByText('Alex Agent');
    expect(text).toHaveAttribute('data-inherit', 'true');
    expect(text).not.toHaveAttribute('data-size');
    expect(text).toHaveAttribute('data-full-text', 'Alex Agent');
  });

  it('keeps a size it is given: the [data-inherit] font-size rule would override it', () => {
    renderWithProviders(
      <TruncatedText size="xs" c="dimmed">
        via Sam Sub
      </TruncatedText>,
    );
    const text = screen.getByText('via Sam Sub');
    expect(text).not.toHaveAttribute('data-inherit');
    expect(text).toHaveAttribute('data-size', 'xs');
    expect(text.style.getPropertyValue('--text-fz')).toBe('var(--mantine-font-size-xs)');
  });

  it('keeps a font size given as fz', () => {
    renderWithProviders(<TruncatedText fz={11}>Pat Parent</TruncatedText>);
    const text = screen.getByText('Pat Parent');
    expect(text).not.toHaveAttribute('data-inherit');
  });
});

/** jsdom lays nothing out: the widths a browser would measure for the text. */
function widths(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('TruncatedText tooltip', () => {
  const name = `Agent ${'a'.repeat(249)}`;

  it('shows the whole text on hover when it is cut', async () => {
    const { user } = renderWithProviders(<TruncatedText maw={150}>{name}</TruncatedText>);
    const text = screen.getByText(name);
    widths(text, 1800, 150);
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(name);
    await user.unhover(text);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows none when the text fits, measured at the hover, not before', async () => {
    const { user } = renderWithProviders(<TruncatedText maw={150}>Alex Agent</TruncatedText>);
    const text = screen.getByText('Alex Agent');
    widths(text, 80, 80);
    await user.hover(text);
    // Past the 200 ms open delay.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.unhover(text);
    // The same text cut after a resize: the next hover measures again.
    widths(text, 300, 80);
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Alex Agent');
  });
});
