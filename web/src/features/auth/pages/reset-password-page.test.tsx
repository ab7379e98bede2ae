// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { useUiStore } from '@web/lib/ui-store';
import { useAuthDialogStore } from '../model/auth-dialog-store';
import { bodyOf, errorResponse, jsonResponse, renderWithApp, stubFetch } from '../test-utils';
import { ResetPasswordPage } from './reset-password-page';

const render = (route: string) => renderWithApp(<ResetPasswordPage />, { path: '/reset-password', route });

async function submit(password = 'newpass1', confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return user;
}

describe('ResetPasswordPage', () => {
  beforeEach(() => useUiStore.setState({ authDialog: null }));

  it('explains a missing token and links to a new request', async () => {
    render('/reset-password');
    expect(screen.getByText(/missing its code/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(useUiStore.getState().authDialog).toBe('signIn');
    expect(useAuthDialogStore.getState().signInView).toBe('reset');
  });

  it('checks the passwords before sending', async () => {
    const fetchMock = stubFetch({});
    render('/reset-password?token=t1');
    await submit('newpass1', 'newpass2');
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
        authMessages.passwordsDontMatch,
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the new password and offers Sign in', async () => {
    const fetchMock = stubFetch({
      'POST /api/users/reset-password/confirm': () =>
        jsonResponse(200, { message: authMessages.passwordResetDone }),
    });
    render('/reset-password?token=t1');
    const user = await submit();
    expect(await screen.findByText(authMessages.passwordResetDone)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/users/reset-password/confirm')).toEqual({
      token: 't1',
      password: 'newpass1',
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useUiStore.getState().authDialog).toBe('signIn');
    expect(useAuthDialogStore.getState().signInView).toBe('signIn');
  });

  it('shows an expired link with a way to request a new one', async () => {
    stubFetch({
      'POST /api/users/reset-password/confirm': () => errorResponse(400, authMessages.resetLinkInvalid),
    });
    render('/reset-password?token=old');
    await submit();
    expect(await screen.findByText(authMessages.resetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
