import { Badge, createTheme, Table, TableScrollContainer } from '@mantine/core';

/** A quiet, professional look: indigo accents, system fonts, compact tables. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // A badge is a short label and never cut to 'ACT…': Mantine's lets its label shrink to nothing (overflow
    // hidden), so a squeezed table column or header clipped it. At least as wide as its text instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    Table: Table.extend({ defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } }),
    // A table wider than its frame shows its scrollbar, not only on hover: the cut-off column is not a clue enough.
    TableScrollContainer: TableScrollContainer.extend({ defaultProps: { scrollAreaProps: { type: 'auto' } } }),
  },
});
