// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { donationMessages } from '../model/donation';
import { bodyOf, errorResponse, jsonResponse, renderWithApp, sampleUser, stubFetch } from '../test-utils';
import { SignUpDialog } from './sign-up-dialog';

function setup() {
  useUiStore.setState({ authDialog: 'signUp' });
  renderWithApp(<SignUpDialog />);
  return userEvent.setup({ applyAccept: false });
}

async function fillAccount(
  user: UserEvent,
  values: Partial<Record<'Username' | 'Email' | 'Password' | 'Confirm Password', string>> = {},
) {
  const all = {
    Username: 'digger',
    Email: 'digger@example.com',
    Password: 'secret1',
    'Confirm Password': 'secret1',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('SignUpDialog account step', () => {
  beforeEach(async () => setCurrentUser(null));

  it('opens on "Join Our Community" with the no-verification notice', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Join Our Community' })).toBeInTheDocument();
    expect(screen.getByText(/no email verification is needed/)).toBeInTheDocument();
    expect(screen.getByLabelText('Profile picture')).toHaveAttribute('accept', 'image/*');
  });

  it('reports every empty-form rule under its field', async () => {
    const user = setup();
    await user.click(continueButton());
    expect(await screen.findByText(authMessages.usernameTooShort)).toBeInTheDocument();
    expect(screen.getByText(authMessages.invalidEmail)).toBeInTheDocument();
    // An empty confirmation asks for it; it is not "a password that is too short".
    expect(screen.getAllByText(authMessages.passwordTooShort)).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(authMessages.passwordTooShort);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Please confirm your password',
    );
  });

  it('opens with the focus on Username, not on the optional picture', async () => {
    setup();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
  });

  it.each([
    ['a short username', { Username: 'ab' }, 'Username', authMessages.usernameTooShort],
    ['the reserved name in any case', { Username: 'digquestor' }, 'Username', authMessages.reservedUsername],
    ['an invalid email', { Email: 'not-an-email' }, 'Email', authMessages.invalidEmail],
    [
      'a short password',
      { Password: '12345', 'Confirm Password': '12345' },
      'Password',
      authMessages.passwordTooShort,
    ],
    [
      'mismatched passwords',
      { 'Confirm Password': 'secret2' },
      'Confirm Password',
      authMessages.passwordsDontMatch,
    ],
  ] as const)('refuses %s', async (_case, values, label, message) => {
    const user = setup();
    await fillAccount(user, values);
    await user.click(continueButton());
    const input = screen.getByLabelText(label);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(message);
    expect(screen.getByRole('heading', { name: 'Join Our Community' })).toBeInTheDocument();
  });

  it('refuses a non-image picture', async () => {
    const user = setup();
    await user.upload(
      screen.getByLabelText('Profile picture'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
  });
});

describe('SignUpDialog donation step', () => {
  beforeEach(async () => setCurrentUser(null));

  async function toDonation() {
    const user = setup();
    await fillAccount(user);
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Support Our Community' });
    return user;
  }

  it('defaults to $5 with payment not yet available', async () => {
    await toDonation();
    expect(screen.getByLabelText('$5')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('checks a custom amount', async () => {
    const user = await toDonation();
    await user.click(screen.getByLabelText('Custom Amount'));
    const amount = screen.getByLabelText('Custom amount ($)');
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('step', '0.01');
    await user.type(amount, '0');
    await user.tab();
    expect(await screen.findByText(donationMessages.invalidCustom)).toBeInTheDocument();
  });

  it('Skip → Create Account registers, stores the member, toasts and closes', async () => {
    const fetchMock = stubFetch({ 'POST /api/users/register': () => jsonResponse(201, sampleUser) });
    const user = await toDonation();
    await user.click(screen.getByLabelText('Skip'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    // Registration has signed the member in: the notice says so (not "you can now log in").
    expect(screen.getByText("You're signed in. Welcome to DigQuest!")).toBeInTheDocument();
    expect(screen.queryByText(/You can now log in/)).not.toBeInTheDocument();
    // No stock sentence as their bio: it stays empty until they write one.
    expect(bodyOf(fetchMock, 'POST /api/users/register')).toEqual({
      username: 'digger',
      email: 'digger@example.com',
      password: 'secret1',
      bio: '',
    });
    expect(useUiStore.getState().authDialog).toBeNull();
    expect((await getCurrentUser())?.id).toBe(sampleUser.id);
  });

  it('does not sign in when the server requires e-mail verification first', async () => {
    const note =
      'Account created. Please check your inbox and click the verification link before logging in.';
    stubFetch({
      'POST /api/users/register': () =>
        jsonResponse(201, {
          ...sampleUser,
          isEmailVerified: false,
          emailVerificationRequired: true,
          message: note,
        }),
    });
    const user = await toDonation();
    await user.click(screen.getByLabelText('Skip'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(useUiStore.getState().authDialog).toBeNull();
    expect(await getCurrentUser()).toBeNull();
  });

  it('puts a 409 on the username field and keeps what was typed', async () => {
    stubFetch({ 'POST /api/users/register': () => errorResponse(409, authMessages.usernameTaken('digger')) });
    const user = await toDonation();
    await user.click(screen.getByLabelText('Skip'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Join Our Community' });
    const username = screen.getByLabelText('Username');
    expect(username).toHaveValue('digger');
    expect(screen.getByLabelText('Email')).toHaveValue('digger@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
    await waitFor(() => expect(username).toHaveAccessibleDescription(authMessages.usernameTaken('digger')));
    expect(username).toHaveFocus();
    expect(await getCurrentUser()).toBeNull();
  });

  it("uses the server's per-field messages when it sends them", async () => {
    stubFetch({
      'POST /api/users/register': () =>
        errorResponse(409, 'Email already registered', {
          fields: { email: 'That email already has an account' },
        }),
    });
    const user = await toDonation();
    await user.click(screen.getByLabelText('Skip'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Join Our Community' });
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That email already has an account'),
    );
  });

  it('stays on the step with the spec text when the network fails', async () => {
    stubFetch({});
    const user = await toDonation();
    await user.click(screen.getByLabelText('Skip'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.createAccountFailed);
    expect(screen.getByRole('heading', { name: 'Support Our Community' })).toBeInTheDocument();
  });

  it('says sign-up needs a connection when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = await toDonation();
    await user.click(screen.getByLabelText('Skip'));
    expect(screen.getByText(/Signing up needs an internet connection/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    vi.restoreAllMocks();
  });

  it('Back returns to the account step with the values kept', async () => {
    const user = await toDonation();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Username')).toHaveValue('digger');
  });
});
