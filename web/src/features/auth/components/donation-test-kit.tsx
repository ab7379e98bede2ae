/**
 * Shared steps for the donation flow tests: a scripted server (GET /api/config, the intent, register),
 * walking the dialog to a step, and a stand-in for ./stripe-elements (the Stripe boundary). Each test file
 * installs the stand-in with
 *   vi.mock('./stripe-elements', async () => (await import('./donation-test-kit')).stripeElementsDouble);
 * and scripts `stripeDouble` (confirmPayment's answer, or no Stripe / no element at all).
 */
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { expect, vi, type Mock } from 'vitest';
import { useUiStore } from '@web/lib/ui-store';
import { jsonResponse, renderWithApp, sampleUser, stubFetch } from '../test-utils';
import { SignUpDialog } from './sign-up-dialog';

export const enabledConfig = {
  stripePublishableKey: 'pk_test_local',
  donationCurrency: 'usd',
  donationsEnabled: true,
};
export const intentAnswer = { clientSecret: 'pi_test_1_secret_abc', paymentIntentId: 'pi_test_1' };

export interface StripeDouble {
  stripe: { confirmPayment: Mock } | null;
  elements: { getElement: Mock } | null;
  /** What the provider reports about loading Stripe.js. */
  loaded: boolean;
}

/** What the mocked hooks hand out; reset before each test. */
export const stripeDouble: StripeDouble = { stripe: null, elements: null, loaded: true };

export function resetStripeDouble(): StripeDouble {
  const element = { mounted: true };
  stripeDouble.stripe = { confirmPayment: vi.fn() };
  stripeDouble.elements = { getElement: vi.fn((type: string) => (type === 'payment' ? element : null)) };
  stripeDouble.loaded = true;
  return stripeDouble;
}

export const stripeElementsDouble = {
  StripeElementsProvider({ children, onLoaded }: { children: ReactNode; onLoaded?: (ok: boolean) => void }) {
    useEffect(() => onLoaded?.(stripeDouble.loaded), [onLoaded]);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement({ onReady }: { onReady?: () => void }) {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => stripeDouble.stripe,
  useElements: () => stripeDouble.elements,
};

type Route = () => Response | Promise<Response>;

export function scriptServer(routes: Record<string, Route> = {}) {
  return stubFetch({
    'GET /api/config': () => jsonResponse(200, enabledConfig),
    'POST /api/users/register/check': () => jsonResponse(200, { available: true }),
    'POST /api/create-payment-intent': () => jsonResponse(200, intentAnswer),
    'POST /api/users/register': () => jsonResponse(201, sampleUser),
    ...routes,
  });
}

export async function openAtDonation(): Promise<UserEvent> {
  useUiStore.setState({ authDialog: 'signUp' });
  renderWithApp(<SignUpDialog />);
  const user = userEvent.setup({ applyAccept: false });
  const values = {
    Username: 'digger',
    Email: 'digger@example.com',
    Password: 'secret1',
    'Confirm Password': 'secret1',
  };
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Support Our Community' });
  return user;
}

/** Donation step → $amount → Continue to Payment → the payment step with its (fake) Payment Element. */
export async function openAtPayment(option = '$10'): Promise<UserEvent> {
  const user = await openAtDonation();
  await user.click(screen.getByLabelText(option));
  const next = screen.getByRole('button', { name: 'Continue to Payment' });
  await vi.waitFor(() => expect(next).toBeEnabled());
  await user.click(next);
  await screen.findByRole('heading', { name: 'Complete Your Donation' });
  await screen.findByTestId('payment-element');
  return user;
}

/** A promise the test resolves when it wants (to see what shows while a request is pending). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
