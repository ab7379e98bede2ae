/** /verify-email?token= (docs/product/accounts.md#screens "Email verification"). */
import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@schema/contracts/constants';
import { buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ResendVerificationCard } from '../components/resend-verification-card';
import { useVerifyEmail, type VerifyState } from '../hooks/use-verify-email';

const FEATURES = [
  'Share your finds with the community',
  'Join forum discussions',
  'Get AR route recommendations',
  'Earn achievements and badges',
];

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const state = useVerifyEmail(token || null);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8">
      <section aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        <VerifyStatus state={state} />
      </section>
      {state.status === 'success' ? null : <ResendVerificationCard />}
    </div>
  );
}

function VerifyStatus({ state }: { state: VerifyState }) {
  switch (state.status) {
    case 'verifying':
      return (
        <>
          <Spinner label="" className="size-10 text-lime-700" />
          <h1 className="text-2xl font-bold">Verifying Email...</h1>
          <p className="text-stone-600 dark:text-stone-400">Please wait while we confirm your address.</p>
        </>
      );
    case 'success':
      return (
        <>
          <CheckCircle2 className="size-12 text-lime-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Email Verified!</h1>
          <p>
            Welcome to {PRODUCT_NAME}
            {state.username ? `, ${state.username}` : ''}! Your email address is confirmed. You can now:
          </p>
          <ul className="list-inside list-disc text-left">
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <Link to="/" className={buttonClasses('default', 'md', 'mt-2')}>
            Go to Home Page
          </Link>
        </>
      );
    case 'failure':
      return (
        <>
          <XCircle className="size-12 text-red-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Verification Failed</h1>
          <p role="alert" className="text-red-800 dark:text-red-300">
            {state.message}
          </p>
        </>
      );
    case 'idle':
      return (
        <>
          <MailCheck className="size-12 text-lime-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Verify Your Email</h1>
          <p className="text-stone-600 dark:text-stone-400">
            Check your inbox for our verification email and click the link inside to confirm your address.
          </p>
        </>
      );
  }
}
