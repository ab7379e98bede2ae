/** Shared helpers for this feature's component tests: a router, the toaster, and a scripted fetch. */
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import { Toaster, useToastStore } from '@web/components/ui/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

export function renderWithApp(
  ui: ReactElement,
  { path = '/', route = '/' }: { path?: string; route?: string } = {},
): RenderResult {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return jsonResponse(status, {
    error: message,
    message,
    code: status === 409 ? 'conflict' : 'validation-failed',
    ...extra,
  });
}

/** Replaces fetch with a mock answering by "METHOD path"; unscripted calls fail like a network error. */
export function stubFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler) throw new TypeError(`Failed to fetch (${key})`);
    return handler();
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The parsed JSON body of the mock's call to `key` ("METHOD path"). */
export function bodyOf(mock: ReturnType<typeof stubFetch>, key: string): unknown {
  const call = mock.mock.calls.find(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key,
  );
  const body = call?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

export const sampleUser = {
  id: 7,
  username: 'digger',
  email: 'digger@example.com',
  avatarUrl: '/avatars/digger.svg',
  bio: 'Fields and beaches',
  created_at: '2024-03-05T10:00:00.000Z',
  isEmailVerified: true,
};
