import { screen } from '@testing-library/react';
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
