// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { donationMessages, donationNotices } from '@schema/contracts/donation';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { bodyOf, errorResponse, jsonResponse, sampleUser } from '../test-utils';
import { deferred, openAtPayment, resetStripeDouble, scriptServer, stripeDouble } from './donation-test-kit';

// The Stripe Elements boundary: the test decides what confirmPayment answers.
vi.mock('./stripe-elements', async () => (await import('./donation-test-kit')).stripeElementsDouble);

const completePayment = () => screen.getByRole('button', { name: 'Complete Payment' });

beforeEach(async () => {
  await setCurrentUser(null);
  resetStripeDouble();
});

describe('Sign Up payment step', () => {
  it('creates the intent with the account details, then confirms with the origin and redirect only if required', async () => {
    const fetchMock = scriptServer();
    stripeDouble.stripe?.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const user = await openAtPayment('$10');
    expect(screen.getByText('$10')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/create-payment-intent')).toEqual({
      amount: 10,
      email: 'digger@example.com',
      name: 'digger',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/),
    });
    await user.click(completePayment());
    await waitFor(() => expect(useUiStore.getState().authDialog).toBeNull());
    expect(stripeDouble.stripe?.confirmPayment).toHaveBeenCalledWith({
      elements: stripeDouble.elements,
      confirmParams: { return_url: window.location.origin },
      redirect: 'if_required',
    });
  });

  it('succeeded: "Thank You!", then the account is created and the dialog closes', async () => {
    const registered = deferred<Response>();
    const fetchMock = scriptServer({ 'POST /api/users/register': () => registered.promise });
    stripeDouble.stripe?.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByText(/Creating your account/)).toBeInTheDocument();
    registered.resolve(jsonResponse(201, sampleUser));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    expect(screen.getByText(/Thank you for your donation!/)).toBeInTheDocument();
    expect(useUiStore.getState().authDialog).toBeNull();
    expect((await getCurrentUser())?.id).toBe(sampleUser.id);
    expect(bodyOf(fetchMock, 'POST /api/users/register')).toMatchObject({
      username: 'digger',
      email: 'digger@example.com',
      password: 'secret1',
    });
  });

  it('processing: the account is created and the member told the donation is being confirmed', async () => {
    scriptServer();
    stripeDouble.stripe?.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByText(/Your donation is being confirmed/)).toBeInTheDocument();
    expect(screen.queryByText('Thank You!')).not.toBeInTheDocument();
    expect(useUiStore.getState().authDialog).toBeNull();
  });

  it('error: back to the donation step with the provider message and the Payment Error offer', async () => {
    const fetchMock = scriptServer();
    stripeDouble.stripe?.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const user = await openAtPayment();
    await user.click(completePayment());
    await screen.findByRole('heading', { name: 'Support Our Community' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getAllByText(donationNotices.paymentError.title).length).toBeGreaterThan(0);
    expect(screen.getAllByText(donationNotices.paymentError.description).length).toBeGreaterThan(0);
    // Nothing is registered until the member accepts the offer.
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/users/register')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create account without donation' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    expect(useUiStore.getState().authDialog).toBeNull();
  });

  it.each([
    ['an error without a message', { error: { type: 'api_error' } }],
    ['an unfinished intent', { paymentIntent: { status: 'requires_payment_method' } }],
    ['no intent at all', {}],
  ])('treats %s as a payment error', async (_case, answer) => {
    scriptServer();
    stripeDouble.stripe?.confirmPayment.mockResolvedValue(answer);
    const user = await openAtPayment();
    await user.click(completePayment());
    await screen.findByRole('heading', { name: 'Support Our Community' });
    expect(screen.getByRole('alert')).toHaveTextContent(donationMessages.paymentFailed);
  });

  it('says Stripe is not initialized, and stays on the step', async () => {
    scriptServer();
    stripeDouble.stripe = null;
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByRole('alert')).toHaveTextContent(donationMessages.stripeNotInitialized);
    expect(screen.getByRole('heading', { name: 'Complete Your Donation' })).toBeInTheDocument();
  });

  it('says so when Stripe.js could not be loaded', async () => {
    scriptServer();
    stripeDouble.loaded = false;
    await openAtPayment();
    expect(await screen.findByRole('alert')).toHaveTextContent(donationMessages.stripeNotInitialized);
  });

  it('says the payment element was not found', async () => {
    scriptServer();
    stripeDouble.elements?.getElement.mockReturnValue(null);
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByRole('alert')).toHaveTextContent(donationMessages.paymentElementNotFound);
    expect(stripeDouble.stripe?.confirmPayment).not.toHaveBeenCalled();
  });

  it('shows the generic text in the red box when confirming throws', async () => {
    scriptServer();
    stripeDouble.stripe?.confirmPayment.mockRejectedValue(new Error('boom'));
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByRole('alert')).toHaveTextContent(donationMessages.processFailed);
  });

  it("leaves the page interactive while paying, for Stripe's 3-D Secure frame outside the dialog", async () => {
    scriptServer();
    const user = await openAtPayment();
    await waitFor(() => expect(document.body.style.pointerEvents).not.toBe('none'));
    // The member can still not dismiss the dialog by clicking beside it while paying.
    await user.click(document.body);
    expect(screen.getByRole('heading', { name: 'Complete Your Donation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Support Our Community' });
    await waitFor(() => expect(document.body.style.pointerEvents).toBe('none'));
  });

  it('Back returns to the donation step with the amount kept', async () => {
    scriptServer();
    const user = await openAtPayment('$15');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Support Our Community' });
    expect(screen.getByLabelText('$15')).toBeChecked();
  });
});

describe('account creation after a payment', () => {
  it('a rejected account: "Donation Processed", back to the account step, and Continue finishes without paying again', async () => {
    let attempts = 0;
    const fetchMock = scriptServer({
      'POST /api/users/register': () =>
        ++attempts === 1
          ? errorResponse(409, "Username 'digger' is already taken. Please choose a different username.")
          : jsonResponse(201, sampleUser),
    });
    stripeDouble.stripe?.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByText(donationNotices.donationProcessed.title)).toBeInTheDocument();
    expect(screen.getByText(donationNotices.donationProcessed.description)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Join Our Community' });
    expect(screen.getByText(/Your donation has been received/)).toBeInTheDocument();

    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'digger2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    expect(stripeDouble.stripe?.confirmPayment).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/create-payment-intent')).toHaveLength(
      1,
    );
  });

  it('a failed request: "Error Creating Account" and the spec text in the red box', async () => {
    scriptServer({ 'POST /api/users/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    stripeDouble.stripe?.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const user = await openAtPayment();
    await user.click(completePayment());
    expect(await screen.findByText(donationNotices.errorCreatingAccount.title)).toBeInTheDocument();
    expect(screen.getByText(donationNotices.errorCreatingAccount.description)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Join Our Community' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create account. Please try again.');
  });
});
