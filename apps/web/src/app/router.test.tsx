import { PAGE_PATTERNS } from '@app/domain';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every address the router declares, as a full pattern ('/agents/:id/edit'); the catch-all left out. */
function routedPaths(children: readonly RouteObject[], parent = ''): string[] {
  return children.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? joinPath(parent, route.path) : parent;
    const here = (route.index || route.path) && route.path !== '*' ? [own] : [];
    return [...here, ...routedPaths(route.children ?? [], own)];
  });
}

const joinPath = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent}/${path}`);

describe('the router and the server share one list of page addresses', () => {
  // The server serves the web app only for PAGE_PATTERNS (and answers 404 for others, issue 19 item 3):
  // a page the router has and the list lacks would load only by clicking, never directly.
  it('routes exactly the addresses of PAGE_PATTERNS', () => {
    expect([...routedPaths(routes)].sort()).toEqual([...PAGE_PATTERNS].sort());
  });
});
