import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from './route-list';
import { routes } from './routes';

/** Every full path the router declares ('/' for the index route), depth-first. */
function declaredPaths(objects: RouteObject[], parent = ''): string[] {
  return objects.flatMap((route) => {
    const own = route.index ? parent : joinPath(parent, route.path ?? '');
    const children = route.children ? declaredPaths(route.children, own) : [];
    // A layout route (one with children) renders no page of its own unless it is also an index.
    return route.children ? children : [own === '' ? '/' : own];
  });
}

function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child === '/' ? '' : child;
  return `${parent}/${child}`;
}

describe('route list', () => {
  it('lists every route the router defines, and nothing else', () => {
    const declared = declaredPaths(routes);
    expect(declared.length).toBeGreaterThan(20);
    expect([...ROUTE_LIST.map((route) => route.path)].sort()).toEqual([...declared].sort());
  });

  it('names a demo record for every route with a parameter, and only for those', () => {
    const withParameter = ROUTE_LIST.filter((route) => route.path.includes(':'));
    expect(withParameter.filter((route) => !route.sample)).toEqual([]);
    expect(ROUTE_LIST.filter((route) => route.sample && !route.path.includes(':'))).toEqual([]);
  });

  it('visits, for each route, a URL that the router answers with that route', () => {
    for (const listed of ROUTE_LIST) {
      const url = listed.visit ?? listed.path.replace(':id', '7');
      const matched = matchRoutes(routes, url)?.at(-1)?.route;
      const matchedPath = matched?.index ? '/' : `/${matched?.path ?? ''}`;
      expect({ url, route: matchedPath }).toEqual({ url, route: listed.path });
    }
  });

  it('names, for every page but the home page, a module that routes.tsx loads that page from', () => {
    // The router's source, read as text: a route's loader is a function, and its import is only in its code.
    const source = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
    const importsOf = new Map<string, string[]>();
    for (const [, routePath = '', body = ''] of source.matchAll(/page\(\s*'([^']+)',(.*?)\n {6}\),/gs))
      importsOf.set(
        `/${routePath}`,
        [...body.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1] ?? ''),
      );
    for (const listed of ROUTE_LIST.filter((route) => route.kind === 'page')) {
      if (listed.path === '/') expect(listed.module).toBeUndefined();
      else expect(importsOf.get(listed.path), listed.path).toContain(listed.module);
    }
  });
});
