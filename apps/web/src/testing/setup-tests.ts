import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetCsrfToken, setUnauthenticatedHandler } from '../lib/api-client';

// Wait for states, never for an idle machine: on a loaded 2-core CI machine a render can take more than
// Testing Library's default second (a findBy* for the payout banner failed there), and with two test
// files at once, remounting the whole dashboard once took more than 5 s. A wait that ends in success is
// as fast as before; only a failure takes longer to say so. One setting for all.
configure({ asyncUtilTimeout: 15_000 });

/* jsdom lacks a few browser APIs that Mantine relies on. */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
if (!('fonts' in document)) {
  // Mantine's autosize Textarea listens for web fonts loading.
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
// jsdom's getComputedStyle takes a pseudo-element argument it does not implement: drop it. Once per
// environment: test files share one (vitest.config.ts, isolate: false), and this file runs for each.
if (!(window as { computedStyleWrapped?: boolean }).computedStyleWrapped) {
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  (window as { computedStyleWrapped?: boolean }).computedStyleWrapped = true;
}

/*
 * Any console.error fails the test (React warnings, act() warnings, failed prop types…).
 * A test that expects one calls `allowConsoleError()` first.
 */
let consoleErrors: string[] = [];
let consoleErrorAllowed = false;

export function allowConsoleError() {
  consoleErrorAllowed = true;
}

beforeEach(() => {
  consoleErrors = [];
  consoleErrorAllowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!consoleErrorAllowed) consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  // Mantine keeps its notifications in a module-level store, which outlives the unmounted app.
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  document.head.querySelectorAll('meta[name="csrf-token"]').forEach((meta) => meta.remove());
  resetCsrfToken();
  setUnauthenticatedHandler(null);
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});
