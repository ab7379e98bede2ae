// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { errorResponse, jsonResponse, sampleUser, stubFetch } from '../test-utils';
import { checkSession, useAuthBootstrap } from './use-auth-bootstrap';

describe('useAuthBootstrap', () => {
  beforeEach(async () => setCurrentUser(null));

  it('stores the member the server confirms', async () => {
    stubFetch({ 'GET /api/auth/session': () => jsonResponse(200, { user: sampleUser }) });
    renderHook(() => useAuthBootstrap());
    await waitFor(async () => expect((await getCurrentUser())?.username).toBe('digger'));
  });

  it('signs out when the server has no session (200 with user null: no failed request)', async () => {
    await setCurrentUser(sampleUser);
    stubFetch({ 'GET /api/auth/session': () => jsonResponse(200, { user: null }) });
    await checkSession();
    expect(await getCurrentUser()).toBeNull();
  });

  it('signs out on 401', async () => {
    await setCurrentUser(sampleUser);
    stubFetch({ 'GET /api/auth/session': () => errorResponse(401, 'Authentication required') });
    await checkSession();
    expect(await getCurrentUser()).toBeNull();
  });

  it('keeps the stored member when offline, and re-checks on `online`', async () => {
    await setCurrentUser(sampleUser);
    const fetchMock = stubFetch({});
    renderHook(() => useAuthBootstrap());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect((await getCurrentUser())?.username).toBe('digger');
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
