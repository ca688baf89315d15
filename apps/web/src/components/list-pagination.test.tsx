import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { condensedPages, ListPagination, pageWindow, showingText } from './list-pagination';

describe('pageWindow', () => {
  it('windows five page buttons', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('condensedPages', () => {
  it('lists every page up to seven, and condenses with gaps (null) beyond', () => {
    expect(condensedPages(1, 0)).toEqual([1]);
    expect(condensedPages(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(condensedPages(1, 8)).toEqual([1, 2, 3, 4, 5, null, 8]);
    expect(condensedPages(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(condensedPages(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(condensedPages(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(condensedPages(17, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    expect(condensedPages(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    expect(condensedPages(5, 8)).toEqual([1, null, 4, 5, 6, 7, 8]);
  });
});

describe('showingText', () => {
  it('says what is shown', () => {
    expect(showingText({ from: 11, to: 20, total: 42, per_page: 10 })).toBe(
      'Showing 11 to 20 of 42 results (10 per page)',
    );
    expect(showingText({ from: null, to: null, total: 0, per_page: 25 })).toBe(
      'Showing 0 to 0 of 0 results (25 per page)',
    );
  });
});

describe('ListPagination', () => {
  const page = { current_page: 1, last_page: 7, per_page: 10, from: 1, to: 10, total: 64 };

  it('shows the text and the window, and moves by keyboard', async () => {
    const onPage = vi.fn();
    const { user } = renderWithProviders(<ListPagination page={page} onPage={onPage} />);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 64 results (10 per page)');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav).getAllByRole('button', { name: /^Page / });
    expect(pages.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.tab();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPage).toHaveBeenLastCalledWith(2);
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('offers the page sizes and shows nothing without results', async () => {
    const onSize = vi.fn();
    const { user, rerender } = renderWithProviders(
      <ListPagination
        page={{ ...page, current_page: 7, from: 61, to: 64 }}
        onPage={() => {}}
        pageSize={{ options: [10, 15, 25], value: 10, onChange: onSize }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByLabelText('Page size', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    expect(onSize).toHaveBeenCalledWith(25);

    rerender(<ListPagination page={{ ...page, from: null, to: null, total: 0 }} onPage={() => {}} />);
    expect(screen.queryByTestId('showing')).not.toBeInTheDocument();
  });

  it('condenses the page links with an ellipsis when asked', async () => {
    const onPage = vi.fn();
    const { user } = renderWithProviders(
      <ListPagination
        page={{ current_page: 10, last_page: 20, per_page: 10, from: 91, to: 100, total: 200 }}
        onPage={onPage}
        links="condensed"
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav).getAllByRole('button', { name: /^Page / });
    expect(pages.map((b) => b.textContent)).toEqual(['1', '9', '10', '11', '20']);
    expect(within(nav).getAllByTestId('page-gap')).toHaveLength(2);
    await user.click(within(nav).getByRole('button', { name: 'Page 20' }));
    expect(onPage).toHaveBeenLastCalledWith(20);
  });
});
