import {
  Alert,
  Badge,
  createTheme,
  FileInput,
  Modal,
  Notification,
  Table,
  TableScrollContainer,
  type CSSVariablesResolver,
} from '@mantine/core';

/** A quiet, professional look: indigo accents, system fonts, compact tables. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 8 where Mantine picks a shade itself (focus ring, checked boxes); filled colours are the inks below.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // A badge is a short label and never cut to 'ACT…': Mantine's lets its label shrink to nothing (overflow
    // hidden), so a squeezed table column or header clipped it. At least as wide as its text instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // A close button is an icon: it needs a name for a screen reader (WCAG 4.1.2).
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // An alert's close button was nameless wherever the alert did not set one (the agent import's notice).
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
    Table: Table.extend({ defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } }),
    // A table wider than its frame shows its scrollbar, not only on hover: the cut-off column is not a clue enough.
    // It is also reachable by keyboard (WCAG 2.1.1): a keyboard user scrolls it with the arrow keys.
    TableScrollContainer: TableScrollContainer.extend({
      defaultProps: { scrollAreaProps: { type: 'auto', viewportProps: { tabIndex: 0 } } },
    }),
    FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear the chosen file' } } }),
  },
});

/**
 * WCAG 2.1 AA (issue 22): text needs 4.5:1 against what it sits on (theme.test.ts checks every value
 * here against white, the light grays and the tints Mantine puts text on).
 * - Dimmed text (descriptions, hints, secondary table text) was gray 6, #868e96: 3.3:1 on white.
 * - Placeholders were gray 5, #adb5bd: 2.1:1.
 * - A colour's text on its light variant (badges, alerts, light buttons: shades 1–2 behind) and coloured
 *   text (`c="teal"`) were shades 6–9: yellow 9 on yellow 1 is 2.7:1. Each colour gets an ink: its
 *   shade 9, darkened just enough to reach 4.6:1 on shade 2, its light variant's hover.
 * - Links are the indigo ink: they also sit on the bookings list's tinted rows.
 * - Filled buttons and badges (white text) are the ink too: green 8 under white is 3.4:1, orange 8 3.6:1.
 * - Field errors are the red ink (red 6 was 3.3:1).
 */
export const DIMMED_TEXT = '#5f666d';
export const PLACEHOLDER_TEXT = '#6b737b';
export const INKS = {
  indigo: '#3249b7',
  teal: '#077050',
  yellow: '#a35400',
  green: '#237133',
  red: '#af2525',
  grape: '#862e9c',
  cyan: '#0a697a',
  orange: '#ab390c',
  blue: '#165b9c',
  gray: '#212529',
  violet: '#5939b8',
  pink: '#a61e4d',
  lime: '#48730a',
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': PLACEHOLDER_TEXT,
    // Links sit on the bookings list's tinted rows too (a mismatch row is red-tinted).
    '--mantine-color-anchor': INKS.indigo,
    // Field errors: the message, the invalid input's text and its border (red 6 is 3.3:1).
    '--mantine-color-error': INKS.red,
    ...Object.fromEntries(
      Object.entries(INKS).flatMap(([color, ink]) => [
        [`--mantine-color-${color}-light-color`, ink],
        [`--mantine-color-${color}-text`, ink],
        // Filled buttons and badges carry white text: the ink under it (4.6:1 or more), darker on hover.
        [`--mantine-color-${color}-filled`, ink],
        [`--mantine-color-${color}-filled-hover`, `color-mix(in srgb, ${ink} 80%, black)`],
      ]),
    ),
  },
  dark: {},
});
