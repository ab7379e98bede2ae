// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { errorResponse, jsonResponse, renderWithApp, sampleUser, stubFetch } from '../test-utils';
import { SignInForm } from './sign-in-form';

function setup() {
  const onSignedIn = vi.fn();
  renderWithApp(<SignInForm onSignedIn={onSignedIn} onForgotPassword={vi.fn()} onSwitchToSignUp={vi.fn()} />);
  return { onSignedIn, user: userEvent.setup() };
}

describe('SignInForm', () => {
  beforeEach(async () => setCurrentUser(null));
  afterEach(() => vi.unstubAllGlobals());

  it('shows both required messages and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(authMessages.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('welcomes the member, stores them and reports success', async () => {
    stubFetch({ 'POST /api/users/login': () => jsonResponse(200, sampleUser) });
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Username'), 'digger');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(await screen.findByText('Welcome, digger!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    expect((await getCurrentUser())?.username).toBe('digger');
  });

  it.each([
    [errorResponse(401, 'Invalid username or password'), authMessages.loginFailed],
    [errorResponse(401, 'x', { accountNotFound: true }), authMessages.accountNotFound],
    [errorResponse(403, 'x', { emailVerificationRequired: true }), authMessages.emailVerificationRequired],
    [errorResponse(429, authMessages.tooManyAttempts), authMessages.tooManyAttempts],
  ])('shows the spec text for a refused login (%#)', async (response, text) => {
    stubFetch({ 'POST /api/users/login': () => response });
    const { user } = setup();
    await user.type(screen.getByLabelText('Username'), 'digger');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('wraps a network failure', async () => {
    stubFetch({});
    const { user } = setup();
    await user.type(screen.getByLabelText('Username'), 'digger');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.loginWrapped);
  });
});
