import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The element that has the focus, and how it shows it (computed in the page). */
export interface FocusState {
  /** Tag, role and name of document.activeElement ('body' when nothing has the focus). */
  what: string;
  /** It matches :focus-visible. */
  focusVisible: boolean;
  /** Its focus indicator: 'outline 2px solid …' or 'box-shadow …'; null when it has none. */
  indicator: string | null;
}

/** What has the focus and whether it shows a focus ring (a non-none outline wider than 0, or a box-shadow). */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'body', focusVisible: false, indicator: null };
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      (el.textContent ?? '').trim().slice(0, 40);
    const role = el.getAttribute('role') ?? (el as HTMLInputElement).type ?? '';
    const ring = (box: Element) => {
      const style = getComputedStyle(box);
      if (
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== 'rgba(0, 0, 0, 0)'
      )
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      return style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    };
    // The ring is on the element, or on the box drawn for it: the field's frame around an inner input
    // (Mantine's PasswordInput), or the label of a visually hidden radio (a SegmentedControl's option).
    const frame = el.closest('.mantine-Input-input');
    const boxes = [el, ...(frame && frame !== el ? [frame] : []), ...((el as HTMLInputElement).labels ?? [])];
    const indicator = boxes.map(ring).find((r) => r !== null) ?? null;
    return {
      what: `${el.tagName.toLowerCase()}${role ? `[${role}]` : ''} "${name}"`,
      // A date input's calendar button is a Tab stop inside it (Chromium) that neither :focus nor
      // :focus-visible reaches: for a date or time input, the focus within it is what it has.
      focusVisible:
        el.matches(':focus-visible') ||
        el.matches('input:is([type=date],[type=time],[type=datetime-local],[type=month]):focus-within'),
      indicator,
    };
  });
}

/** Whether the locator's element is document.activeElement. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/**
 * Fails unless the focus is on `target` and visibly so (it matches :focus-visible and has a focus ring).
 * `expected` names the element in the message.
 */
export async function expectFocusOn(page: Page, target: Locator, expected: string): Promise<FocusState> {
  // The focus may move a frame after the key (a modal's focus trap, a returned focus): polled up to the
  // journeys' poll cap (e2e/vitest.config.ts), not a shorter bound a busy machine could exceed.
  const focused = await expect
    .poll(() => hasFocus(target), { interval: 50 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  const state = await focusState(page);
  if (!focused) throw new Error(`The focus should be on ${expected}, it is on ${state.what}`);
  expectVisible(state);
  return state;
}

function expectVisible(state: FocusState) {
  if (!state.focusVisible) throw new Error(`${state.what} has the focus but does not match :focus-visible`);
  if (!state.indicator) throw new Error(`${state.what} has the focus but shows no focus ring (no outline, no shadow)`);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times; every element the
 * focus stops on on the way must show its focus ring. Fails when the target is never reached.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  expected: string,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {},
): Promise<number> {
  const passed: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    try {
      expectVisible(state);
    } catch (e) {
      throw new Error(`Tabbing to ${expected}, after ${passed.join(' → ') || 'nothing'}: ${(e as Error).message}`, {
        cause: e,
      });
    }
    if (await hasFocus(target)) return presses;
    passed.push(state.what);
  }
  throw new Error(`${expected} was not reached in ${max} presses of Tab; the focus went: ${passed.join(' → ')}`);
}
