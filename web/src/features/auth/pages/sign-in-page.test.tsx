// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '@web/components/ui/toast';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { jsonResponse, sampleUser, stubFetch } from '../test-utils';
import { SignInPage } from './sign-in-page';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/login" element={<SignInPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('/login, the sign-in page', () => {
  beforeEach(async () => {
    useUiStore.setState({ authDialog: null });
    await setCurrentUser(null);
  });

  it('signs in and returns to the page that sent the visitor', async () => {
    stubFetch({ 'POST /api/users/login': () => jsonResponse(200, sampleUser) });
    const user = renderAt('/login?next=%2Ffinds%2Freporting%3Fstep%3D2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'digger');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome, digger!')).toBeInTheDocument();
    expect(await screen.findByText('at /finds/reporting?step=2')).toBeInTheDocument();
    expect((await getCurrentUser())?.username).toBe('digger');
  });

  it('checks the fields before asking the server', async () => {
    const fetchMock = stubFetch({});
    const user = renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a member who is already signed in straight on', async () => {
    await setCurrentUser(sampleUser);
    renderAt('/login?next=%2Fsafety');
    expect(await screen.findByText('at /safety')).toBeInTheDocument();
  });

  it('never follows a next address off this app', async () => {
    await setCurrentUser(sampleUser);
    renderAt('/login?next=%2F%2Fevil.example%2F');
    expect(await screen.findByText('at /')).toBeInTheDocument();
  });

  it('offers the reset form and sign-up', async () => {
    const user = renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /back/i }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign up to create an account' }));
    expect(useUiStore.getState().authDialog).toBe('signUp');
  });
});
