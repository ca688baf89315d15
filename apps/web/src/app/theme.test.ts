import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED_TEXT, INKS, PLACEHOLDER_TEXT, theme } from './theme';

/** WCAG 2.1 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const gray = DEFAULT_THEME.colors.gray;
const surfaces = ['#ffffff', gray[0], gray[1], gray[2]];

describe('theme colours meet WCAG 2.1 AA for small text (4.5:1)', () => {
  it('dimmed text and placeholders on white and the light grays', () => {
    for (const surface of surfaces) {
      expect(contrast(DIMMED_TEXT, surface), `dimmed on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
    // Placeholders sit in inputs, which are white.
    expect(contrast(PLACEHOLDER_TEXT, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(INKS))('%s ink on white, the grays and its own light tints (shades 0–2)', (color, ink) => {
    const tints = DEFAULT_THEME.colors[color]!.slice(0, 3);
    for (const surface of [...surfaces, ...tints]) {
      expect(contrast(ink, surface), `${color} ink ${ink} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("links on the bookings list's tinted rows (a mismatch row is 22 % red over white, its hover darker)", () => {
    for (const row of ['#fed9d9', '#fdcfcf', DEFAULT_THEME.colors.green[1]!, DEFAULT_THEME.colors.yellow[1]!]) {
      expect(contrast(INKS.indigo, row), `link on ${row}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("white text on the primary colour's filled shade", () => {
    const shade = theme.primaryShade as number;
    expect(contrast('#ffffff', DEFAULT_THEME.colors.indigo[shade]!)).toBeGreaterThanOrEqual(4.5);
  });
});
