// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { resendMessages } from '../components/resend-verification-card';
import { resetVerifyCache, verifyMessages } from '../hooks/use-verify-email';
import { bodyOf, errorResponse, jsonResponse, renderWithApp, sampleUser, stubFetch } from '../test-utils';
import { VerifyEmailPage } from './verify-email-page';

const render = (route = '/verify-email') =>
  renderWithApp(<VerifyEmailPage />, { path: '/verify-email', route });
const resendHeading = () => screen.queryByRole('heading', { name: 'Resend Verification Email' });

describe('VerifyEmailPage with a token', () => {
  beforeEach(() => resetVerifyCache());

  it('shows verifying, then the welcome, and hides the resend card', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = stubFetch({
      'GET /api/verify-email': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/auth/session': () => jsonResponse(200, { user: sampleUser }),
    });
    render('/verify-email?token=tok-1');
    expect(await screen.findByRole('heading', { name: 'Verifying Email...' })).toBeInTheDocument();
    answer(jsonResponse(200, { message: 'Email verified successfully', user: { username: 'digger' } }));
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByText(/digger/)).toBeInTheDocument();
    for (const item of [
      'Share your finds',
      'Join forum discussions',
      'AR route recommendations',
      'Earn achievements and badges',
    ]) {
      expect(screen.getByText(new RegExp(item))).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    expect(screen.getAllByText('Email Verified!')).toHaveLength(2); // heading + toast
    expect(resendHeading()).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/verify-email?token=tok-1');
  });

  it("shows the server's message when the token is refused", async () => {
    stubFetch({ 'GET /api/verify-email': () => errorResponse(400, authMessages.verificationInvalid) });
    render('/verify-email?token=bad');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText(authMessages.verificationInvalid)).toBeInTheDocument();
    expect(resendHeading()).toBeInTheDocument();
  });

  it('explains a network failure', async () => {
    stubFetch({});
    render('/verify-email?token=tok-2');
    expect(await screen.findByText(verifyMessages.networkFailure)).toBeInTheDocument();
  });
});

describe('VerifyEmailPage without a token', () => {
  it('asks the member to check their inbox and offers a resend', () => {
    stubFetch({});
    render();
    expect(screen.getByText(/Check your inbox/)).toBeInTheDocument();
    expect(resendHeading()).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
  });

  it('requires an email before sending', async () => {
    const fetchMock = stubFetch({});
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(authMessages.emailRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      'success',
      () => jsonResponse(200, { message: 'A new verification link is on its way.' }),
      'Email Sent!',
      'A new verification link is on its way.',
    ],
    [
      'a server error',
      () => errorResponse(400, authMessages.emailAlreadyVerified),
      'Error',
      authMessages.emailAlreadyVerified,
    ],
    ['a network failure', null, 'Error', resendMessages.networkFailure],
  ] as const)('reports %s', async (_case, handler, title, description) => {
    const fetchMock = stubFetch(handler ? { 'POST /api/resend-verification': handler } : {});
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'digger@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    if (handler)
      expect(bodyOf(fetchMock, 'POST /api/resend-verification')).toEqual({ email: 'digger@example.com' });
  });
});
