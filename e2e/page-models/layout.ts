/// <reference lib="dom" />
// The measuring functions run in the page (page.evaluate): they use the DOM's types.
import type { Page, Request } from 'playwright-core';

/** Counts the page's API requests in flight, so a screen can be measured once everything it asked for came back. */
export function trackRequests(page: Page) {
  let inFlight = 0;
  const idle: (() => void)[] = [];
  const done = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
  };
  const api = (r: Request) => r.resourceType() === 'fetch' || r.resourceType() === 'xhr';
  page.on('request', (r) => {
    if (api(r)) inFlight += 1;
  });
  page.on('requestfinished', (r) => api(r) && done());
  page.on('requestfailed', (r) => api(r) && done());
  return {
    /** Resolves when no request is in flight (at once when none is). */
    quiet: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    get inFlight() {
      return inFlight;
    },
  };
}

/**
 * Waits until a page of the app shell has its title, no request in flight and nothing left loading
 * (skeletons, loaders) over two frames: what answers came back may have asked for more.
 */
export async function pageSettled(page: Page, requests: ReturnType<typeof trackRequests>) {
  await page.locator('main h2').first().waitFor();
  for (;;) {
    await requests.quiet();
    await page.waitForFunction(
      () =>
        !document.querySelector(
          'main [role="status"][aria-label^="Loading"], main .mantine-Skeleton-root, main .mantine-Loader-root',
        ),
      undefined,
      { timeout: 10_000 },
    );
    await page.evaluate(async () => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      await frame();
      await frame();
    });
    if (requests.inFlight === 0) return;
  }
}

/**
 * What is wrong with the layout of the page as shown, measured in the browser (one message each):
 * - the document scrolls sideways;
 * - the header's Sign out or role badge is not wholly inside the viewport, or the badge's label is cut;
 * - a table reaches past the edge of what shows it without a horizontal scroll container around it, or
 *   scrolls sideways without a visible scrollbar;
 * - an element in a table cell clips its content sideways (a badge cut to 'ACT…', a button cut to 'PD'), unless
 *   it is a text truncated on purpose that carries its whole text (`data-full-text`, shown as a tooltip);
 * - a word in a table cell (a reference such as 'AC-777001', an amount) is broken across lines (prose, marked
 *   `data-prose`, wraps as it must).
 * - with `wide` (a laptop's screen): a table scrolls sideways at all.
 * Tables in open dialogs are measured too.
 */
export async function layoutViolations(page: Page, options: { wide?: boolean } = {}): Promise<string[]> {
  await page.evaluate(installLayoutHelpers);
  return [...(await page.evaluate(pageAndHeaderViolations)), ...(await page.evaluate(tableViolations, options))];
}

/** What the checks below share in the browser: naming an element, clipping, words broken across lines. */
interface LayoutHelpers {
  describe(el: Element): string;
  clips(el: Element): boolean;
  brokenWords(cell: Element): string[];
}
type LayoutWindow = Window & { layoutHelpers?: LayoutHelpers };

/** Runs in the browser: puts the shared helpers on `window` (each check below is sent to the page on its own). */
function installLayoutHelpers() {
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} '${text}'`;
  };
  // Whether the element hides part of its content sideways; visually hidden text (1 px, for screen readers) is meant to.
  const clips = (el: Element) => {
    const { overflowX } = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (el.getAttribute('data-full-text') === (el.textContent ?? '')) return false;
    return overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && (box.width > 1 || box.height > 1);
  };
  // The words of a cell's text that the browser broke across lines (each word measured on its own).
  const brokenWords = (cell: Element): string[] => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text only screen readers get (a 1 px box) is not read on screen; prose (`data-prose`) wraps as prose.
      if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
      if (node.parentElement?.closest('[data-prose]')) continue;
      const text = node.textContent ?? '';
      // A word longer than any column (a 255-character name in prose) may only wrap; shorter ones must not.
      for (const match of text.matchAll(/(?<!\S)\S{1,40}(?!\S)/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  };
  (window as LayoutWindow).layoutHelpers = { describe, clips, brokenWords };
}

/** Runs in the browser: the document does not scroll sideways; Sign out and the role badge show whole. */
function pageAndHeaderViolations(): string[] {
  const { describe, clips } = (window as LayoutWindow).layoutHelpers!;
  const found: string[] = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const px = (n: number) => Math.round(n);
  const doc = document.scrollingElement!;
  if (doc.scrollWidth > width) found.push(`the document scrolls sideways: ${doc.scrollWidth} > ${width}`);

  for (const id of ['sign-out', 'current-role']) {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) {
      found.push(`no ${id} in the header`);
      continue;
    }
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > width + 0.5 || r.bottom > height + 0.5)
      found.push(`${id} is not inside the viewport: ${px(r.left)}..${px(r.right)} of ${width}`);
    for (const part of [el, ...el.querySelectorAll('*')])
      if (clips(part)) found.push(`${id} is cut: ${describe(part)} ${part.scrollWidth} > ${part.clientWidth}`);
  }
  return found;
}

/** Runs in the browser: every table on the page and in open dialogs, and its cells (see layoutViolations). */
function tableViolations({ wide }: { wide?: boolean }): string[] {
  const { describe, clips, brokenWords } = (window as LayoutWindow).layoutHelpers!;
  const found: string[] = [];
  const width = window.innerWidth;
  const px = (n: number) => Math.round(n);
  for (const table of document.querySelectorAll('main table, [role="dialog"] table')) {
    const box = table.getBoundingClientRect();
    // A table kept for screen readers only (a chart's numbers) is clipped on purpose.
    if (box.width === 0 || table.closest('.mantine-VisuallyHidden-root')) continue;
    const name = table.getAttribute('data-testid') ?? describe(table.querySelector('th') ?? table);
    // The nearest ancestor that does not let it overflow: a scroll container is fine, anything else must hold it.
    let holder: Element | null = null;
    let scrolls = false;
    for (let a = table.parentElement; a && a !== document.body; a = a.parentElement) {
      const { overflowX } = getComputedStyle(a);
      if (overflowX === 'visible') continue;
      holder = a;
      scrolls = overflowX === 'auto' || overflowX === 'scroll';
      break;
    }
    const limit = holder ? holder.getBoundingClientRect().right : width;
    if (!scrolls && box.right > limit + 1)
      found.push(`table ${name} is cut at the right: ends at ${px(box.right)}, shown up to ${px(limit)}`);
    // On a laptop's screen every column shows: a long name is truncated, it does not push the rest away.
    if (wide && scrolls && holder!.scrollWidth > holder!.clientWidth + 1)
      found.push(`table ${name} scrolls sideways at ${width} px: ${holder!.scrollWidth} > ${holder!.clientWidth}`);
    // A table that scrolls sideways says so: Mantine's scroll area hides its scrollbar until hovered (type 'hover').
    if (scrolls && holder!.scrollWidth > holder!.clientWidth + 1) {
      const area = holder!.closest('.mantine-ScrollArea-root');
      const bar = area?.querySelector(':scope > .mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
      const style = bar && getComputedStyle(bar);
      if (
        area &&
        (!bar || bar.getBoundingClientRect().width === 0 || style!.opacity === '0' || style!.visibility === 'hidden')
      )
        found.push(`table ${name} scrolls sideways without a visible scrollbar`);
    }
    for (const cell of table.querySelectorAll('td, th')) {
      for (const word of brokenWords(cell)) found.push(`table ${name}: '${word.slice(0, 40)}' is broken across lines`);
      for (const el of [cell, ...cell.querySelectorAll('*')]) {
        if (el !== cell && clips(el))
          found.push(`table ${name}: ${describe(el)} is clipped (${el.scrollWidth} > ${el.clientWidth})`);
        else if (el === cell && cell.scrollWidth > cell.clientWidth + 1)
          found.push(`table ${name}: cell ${describe(cell)} overflows (${cell.scrollWidth} > ${cell.clientWidth})`);
      }
    }
  }
  return found;
}

/**
 * Whether the last item of the menu can be reached: it shows whole inside the navbar and the viewport
 * (`fits`), or the navbar's scroll area shows a scrollbar and scrolling brings the item into view (else a
 * message in `found`). Leaves it scrolled there.
 */
export function lastMenuItemReachable(page: Page): Promise<{ fits: boolean; found: string[] }> {
  return page.evaluate(() => {
    const found: string[] = [];
    const nav = document.querySelector('[data-testid="nav"]')!;
    const items = nav.querySelectorAll('[data-testid^="nav-"]');
    const last = items[items.length - 1]!;
    const name = last.getAttribute('data-testid');
    const frame = nav.getBoundingClientRect();
    const bottom = Math.min(frame.bottom, window.innerHeight);
    const shown = () => {
      const r = last.getBoundingClientRect();
      return r.height > 0 && r.top >= frame.top - 0.5 && r.bottom <= bottom + 0.5 && r.right <= window.innerWidth + 0.5;
    };
    if (shown()) return { fits: true, found };
    const bar = nav.querySelector('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]');
    const barStyle = bar && getComputedStyle(bar);
    if (
      !bar ||
      bar.getBoundingClientRect().width === 0 ||
      barStyle!.opacity === '0' ||
      barStyle!.visibility === 'hidden'
    )
      found.push(`${name} is below the fold and the menu shows no scrollbar`);
    last.scrollIntoView({ block: 'nearest' });
    if (!shown()) found.push(`${name} cannot be scrolled into view`);
    return { fits: false, found };
  });
}

/** The boxes of the header's user name, role and Sign out that a notification overlaps. */
export function notificationOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const notes = [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.getBoundingClientRect());
    if (notes.length === 0) found.push('no notification shows');
    for (const id of ['current-user', 'current-role', 'sign-out']) {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const box = el?.getBoundingClientRect();
      if (!box || box.width === 0) continue; // the user name is hidden on a phone
      if (notes.some((n) => overlap(n, box))) found.push(`a notification covers ${id}`);
    }
    return found;
  });
}
