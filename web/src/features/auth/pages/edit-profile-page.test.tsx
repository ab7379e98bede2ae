// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { bodyOf, errorResponse, jsonResponse, renderWithApp, sampleUser, stubFetch } from '../test-utils';
import { EditProfilePage } from './edit-profile-page';

async function setup(member: typeof sampleUser | null = sampleUser) {
  await setCurrentUser(member);
  renderWithApp(<EditProfilePage />, { path: '/profile/edit', route: '/profile/edit' });
  if (member) await screen.findByLabelText('Username');
  return userEvent.setup();
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });

describe('EditProfilePage', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('asks a signed-out visitor to log in', async () => {
    await setup(null);
    expect(await screen.findByText('Not Logged In')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { name: 'Edit Your Profile' })).toBeInTheDocument();
  });

  it('starts from the stored member with Save disabled until something changes', async () => {
    await setup();
    expect(screen.getByLabelText('Username')).toHaveValue('digger');
    expect(screen.getByLabelText('Email')).toHaveValue('digger@example.com');
    expect(screen.getByLabelText('Bio')).toHaveValue('Fields and beaches');
    expect(save()).toBeDisabled();
  });

  it.each([
    ['a short username', 'Username', 'ab', 'Username', authMessages.usernameTooShort],
    ['an invalid email', 'Email', 'nope', 'Email', authMessages.invalidEmail],
    ['a short new password', 'New Password', '123', 'New Password', authMessages.passwordTooShort],
    [
      'a password without its confirmation',
      'New Password',
      'secret99',
      'Confirm New Password',
      authMessages.passwordsDontMatch,
    ],
  ] as const)('refuses %s', async (_case, label, value, errorLabel, message) => {
    const fetchMock = stubFetch({});
    const user = await setup();
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
    await user.click(save());
    await waitFor(() => expect(screen.getByLabelText(errorLabel)).toHaveAccessibleDescription(message));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses two different passwords', async () => {
    stubFetch({});
    const user = await setup();
    await user.type(screen.getByLabelText('New Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret98');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
        authMessages.passwordsDontMatch,
      ),
    );
  });

  it('sends only the changed fields and stores the answer', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/users/7': () => jsonResponse(200, { ...sampleUser, bio: 'Beaches only' }),
    });
    const user = await setup();
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Beaches only');
    await user.type(screen.getByLabelText('New Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret99');
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.click(save());
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH /api/users/7')).toEqual({
      bio: 'Beaches only',
      password: 'secret99',
      currentPassword: 'old-secret',
    });
    expect((await getCurrentUser())?.bio).toBe('Beaches only');
    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveValue(''));
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('asks for the current password before a new password is sent', async () => {
    const fetchMock = stubFetch({});
    const user = await setup();
    await user.type(screen.getByLabelText('New Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret99');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
        authMessages.currentPasswordForChange,
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the current password before a new email address is sent, not for a bio', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/users/7': () => jsonResponse(200, { ...sampleUser, email: 'new@example.org' }),
    });
    const user = await setup();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.org');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
        authMessages.currentPasswordForChange,
      ),
    );
    expect(screen.getByLabelText('Current Password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.click(save());
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH /api/users/7')).toEqual({
      email: 'new@example.org',
      currentPassword: 'old-secret',
    });
  });

  it("shows the server's answer to a wrong current password on that field", async () => {
    stubFetch({
      'PATCH /api/users/7': () =>
        jsonResponse(400, {
          error: authMessages.currentPasswordWrong,
          message: authMessages.currentPasswordWrong,
          code: 'current-password-wrong',
          fields: { currentPassword: authMessages.currentPasswordWrong },
        }),
    });
    const user = await setup();
    await user.type(screen.getByLabelText('New Password'), 'secret99');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret99');
    await user.type(screen.getByLabelText('Current Password'), 'not-it');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
        authMessages.currentPasswordWrong,
      ),
    );
    expect(screen.getByLabelText('New Password')).toHaveValue('secret99');
  });

  it('keeps the values and the stored member when the server refuses', async () => {
    stubFetch({ 'PATCH /api/users/7': () => errorResponse(409, authMessages.usernameTaken('taken')) });
    const user = await setup();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.click(save());
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        authMessages.usernameTaken('taken'),
      ),
    );
    expect(screen.getByLabelText('Username')).toHaveValue('taken');
    expect((await getCurrentUser())?.username).toBe('digger');
  });

  it('falls back to the spec text when the server cannot be reached', async () => {
    stubFetch({});
    const user = await setup();
    await user.type(screen.getByLabelText('Bio'), '!');
    await user.click(save());
    expect(await screen.findByText(authMessages.updateProfileFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('Fields and beaches!');
  });

  it('disables Save offline and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = await setup();
    await user.type(screen.getByLabelText('Bio'), '!');
    expect(save()).toBeDisabled();
    expect(screen.getByText(/Profile changes need an internet connection/)).toBeInTheDocument();
  });

  it('deletes the account after confirmation with the current password', async () => {
    const fetchMock = stubFetch({ 'DELETE /api/users/7': () => new Response(null, { status: 204 }) });
    const user = await setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    // Without the password nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(within(dialog).getByLabelText('Current Password')).toHaveAccessibleDescription(
      authMessages.currentPasswordForDeletion,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Current Password'), 'old-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Account Deleted')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'DELETE /api/users/7')).toEqual({ currentPassword: 'old-secret' });
    expect(await getCurrentUser()).toBeNull();
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('keeps the account and says so on the field when the password is wrong', async () => {
    stubFetch({
      'DELETE /api/users/7': () =>
        jsonResponse(400, {
          error: authMessages.currentPasswordWrong,
          message: authMessages.currentPasswordWrong,
          code: 'current-password-wrong',
          fields: { currentPassword: authMessages.currentPasswordWrong },
        }),
    });
    const user = await setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current Password'), 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current Password')).toHaveAccessibleDescription(
        authMessages.currentPasswordWrong,
      ),
    );
    expect((await getCurrentUser())?.id).toBe(7);
  });

  it('never offers to delete the default account', async () => {
    await setup({ ...sampleUser, id: 1, username: 'DigQuestor' });
    expect(screen.getByText(authMessages.cannotDeleteDefault)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).not.toBeInTheDocument();
  });
});
