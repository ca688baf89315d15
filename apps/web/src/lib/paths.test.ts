import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './paths';

const ORIGIN = 'http://app.test';
const FALLBACK = '/transactions/store-bulk';

describe('safeRedirect', () => {
  it.each([
    '/transactions/store-bulk',
    '/transactions?page=2&status=completed',
    '/bookings/7#lines',
    '/a//b',
    '/%2F/x',
  ])('keeps the same-site path %j', (target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(target);
  });

  it.each([
    ['empty', ''],
    ['missing', null],
    ['undefined', undefined],
    ['protocol-relative', '//evil.example/steal'],
    ['backslash after the slash', '/\\evil.example'],
    ['backslash then slash', '/\\/evil.example'],
    ['absolute https', 'https://evil.example/steal'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'transactions/store-bulk'],
    ['leading space', ' /transactions'],
    ['tab the URL parser drops', '/\t/evil.example'],
    ['newline the URL parser drops', '/\n/evil.example'],
    ['carriage return and backslash', '/\r\\evil.example'],
    ['the sign-in page', '/login?redirect=//evil.example'],
  ])('falls back for %s', (_name, target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK);
  });

  it('falls back to the bookings list when no fallback is given', () => {
    expect(safeRedirect('//evil.example')).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('never returns an address that the browser resolves to another origin', () => {
    const piece = fc.constantFrom('/', '\\', '\t', '\n', '\r', ' ', '.', ':', '@', '%2F', 'evil.example', 'x');
    const target = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(target, (t) => {
        expect(new URL(safeRedirect(t, FALLBACK), ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });
});
