// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { donationMessages } from '@schema/contracts/donation';
import { setCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { errorResponse, jsonResponse, renderWithApp } from '../test-utils';
import { enabledConfig, openAtDonation, resetStripeDouble, scriptServer } from './donation-test-kit';
import { SignUpDialog } from './sign-up-dialog';

vi.mock('./stripe-elements', async () => (await import('./donation-test-kit')).stripeElementsDouble);

beforeEach(async () => {
  await setCurrentUser(null);
  resetStripeDouble();
});

async function continueToPayment(user: Awaited<ReturnType<typeof openAtDonation>>) {
  const next = screen.getByRole('button', { name: 'Continue to Payment' });
  await vi.waitFor(() => expect(next).toBeEnabled());
  await user.click(next);
}

describe('Sign Up: the username is checked before any payment', () => {
  it('a taken name is refused at the account step: the donation step is never reached', async () => {
    const fetchMock = scriptServer({
      'POST /api/users/register/check': () => errorResponse(409, authMessages.usernameTaken('digger')),
    });
    useUiStore.setState({ authDialog: 'signUp' });
    renderWithApp(<SignUpDialog />);
    const user = userEvent.setup({ applyAccept: false });
    for (const [label, value] of Object.entries({
      Username: 'digger',
      Email: 'digger@example.com',
      Password: 'secret1',
      'Confirm Password': 'secret1',
    }))
      await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(authMessages.usernameTaken('digger'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join Our Community' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Support Our Community' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/create-payment-intent')).toBe(false);
  });

  it('taken while the member chose an amount: Continue to Payment asks again and makes no payment', async () => {
    let taken = false;
    const fetchMock = scriptServer({
      'POST /api/users/register/check': () =>
        taken
          ? errorResponse(409, authMessages.usernameTaken('digger'))
          : jsonResponse(200, { available: true }),
    });
    const user = await openAtDonation();
    taken = true;
    await continueToPayment(user);
    expect(await screen.findByText(authMessages.usernameTaken('digger'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join Our Community' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/create-payment-intent')).toBe(false);
  });
});

describe('Sign Up donation step with GET /api/config', () => {
  it('offers Skip, $5, $10, $15, $25 and Custom Amount, $5 first chosen', async () => {
    scriptServer();
    await openAtDonation();
    const group = screen.getByRole('group', { name: 'Choose a donation (optional)' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Skip', '$5', '$10', '$15', '$25', 'Custom Amount']);
    expect(screen.getByLabelText('$5')).toBeChecked();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled());
  });

  it('shows the configured currency', async () => {
    scriptServer({
      'GET /api/config': () => jsonResponse(200, { ...enabledConfig, donationCurrency: 'gbp' }),
    });
    const user = await openAtDonation();
    expect(await screen.findByLabelText('£5')).toBeChecked();
    await user.click(screen.getByLabelText('Custom Amount'));
    expect(screen.getByLabelText('Custom amount (£)')).toBeInTheDocument();
  });

  it('skips the donation step when the server takes no donations: Create Account creates it at once', async () => {
    const fetchMock = scriptServer({
      'GET /api/config': () =>
        jsonResponse(200, { stripePublishableKey: null, donationCurrency: 'usd', donationsEnabled: false }),
    });
    useUiStore.setState({ authDialog: 'signUp' });
    renderWithApp(<SignUpDialog />);
    const user = userEvent.setup({ applyAccept: false });
    for (const [label, value] of Object.entries({
      Username: 'digger',
      Email: 'digger@example.com',
      Password: 'secret1',
      'Confirm Password': 'secret1',
    }))
      await user.type(screen.getByLabelText(label), value);
    // Once the configuration says "no donations", the account step's button creates the account.
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Support Our Community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/create-payment-intent')).toBe(false);
  });

  it('refuses a custom amount over the upper bound', async () => {
    scriptServer();
    const user = await openAtDonation();
    await user.click(screen.getByLabelText('Custom Amount'));
    const amount = screen.getByLabelText('Custom amount ($)');
    await user.type(amount, '20000');
    await user.tab();
    expect(await screen.findByText(donationMessages.tooLarge)).toBeInTheDocument();
  });

  it('sends a custom amount', async () => {
    const fetchMock = scriptServer();
    const user = await openAtDonation();
    await user.click(screen.getByLabelText('Custom Amount'));
    await user.type(screen.getByLabelText('Custom amount ($)'), '7.5');
    await continueToPayment(user);
    await screen.findByRole('heading', { name: 'Complete Your Donation' });
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/create-payment-intent');
    expect(JSON.parse(String(call?.[1]?.body)).amount).toBe(7.5);
  });
});

describe('Continue to Payment failures (red box, donation step kept)', () => {
  it.each([
    [
      'a provider failure (server text)',
      () => errorResponse(502, 'Failed to create payment intent: Invalid API Key provided'),
      'Failed to create payment intent: Invalid API Key provided',
    ],
    [
      'an answer that is not JSON',
      () => new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      donationMessages.notJson,
    ],
    [
      'JSON without a client secret',
      () => jsonResponse(200, { paymentIntentId: 'pi_1' }),
      donationMessages.noClientSecret,
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      donationMessages.processFailed,
    ],
    [
      'a rate limit',
      () => errorResponse(429, donationMessages.tooManyRequests),
      donationMessages.tooManyRequests,
    ],
  ])('%s', async (_case, answer, message) => {
    scriptServer({ 'POST /api/create-payment-intent': answer });
    const user = await openAtDonation();
    await continueToPayment(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Support Our Community' })).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-elements')).not.toBeInTheDocument();
  });

  it('a 503 says donations are unavailable and falls back to Skip only', async () => {
    scriptServer({
      'POST /api/create-payment-intent': () =>
        jsonResponse(503, {
          error: donationMessages.unavailable,
          message: donationMessages.unavailable,
          code: 'unavailable',
        }),
    });
    const user = await openAtDonation();
    await continueToPayment(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(donationMessages.unavailable);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(useUiStore.getState().authDialog).toBe('signUp');
  });
});
