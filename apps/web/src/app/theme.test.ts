import { DEFAULT_THEME, luminance as mantineLuminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  cssVariablesResolver,
  DIMMED_TEXT,
  FILLED_WITH_INK,
  filledHover,
  INKS,
  PLACEHOLDER_TEXT,
  theme,
} from './theme';

/** WCAG 2.1 relative luminance (of '#rrggbb' or Mantine's 'rgba(r, g, b, 1)') and contrast ratio. */
function luminance(color: string): number {
  const channels = color.startsWith('rgba(')
    ? color.slice(5).split(',').slice(0, 3).map(Number)
    : [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const [r, g, b] = channels.map((v) => {
    const c = v / 255;
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

  it('white text on every filled colour autoContrast gives white text, and on its hover', () => {
    const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light;
    for (const color of Object.keys(INKS)) {
      const shade = DEFAULT_THEME.colors[color]![theme.primaryShade as number]!;
      // What Mantine's autoContrast writes on the filled shade: black on the light ones (yellow, lime).
      if (mantineLuminance(shade) > 0.3) continue;
      const filled = light[`--mantine-color-${color}-filled`] ?? shade;
      const hover = light[`--mantine-color-${color}-filled-hover`] ?? DEFAULT_THEME.colors[color]![9]!;
      expect(contrast('#ffffff', filled), `white on ${color} filled ${filled}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', hover), `white on ${color} hover ${hover}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(FILLED_WITH_INK.map((c) => light[`--mantine-color-${c}-filled-hover`])).toEqual(
      FILLED_WITH_INK.map((c) => filledHover(INKS[c])),
    );
  });

  it("white text on the primary colour's filled shade", () => {
    const shade = theme.primaryShade as number;
    expect(contrast('#ffffff', DEFAULT_THEME.colors.indigo[shade]!)).toBeGreaterThanOrEqual(4.5);
  });
});
