/**
 * /login (docs/product/accounts.md "Sign in"): the sign-in form as a page of its own, for the "Sign in" links
 * of pages that need an account and for anyone who types the address. A page rather than the dialog over the
 * home page: the member returns to the page that sent them (`?next=`, lib/sign-in-path.ts), and a first visit
 * downloads only the form, not the home page's sections and the dialog's code (docs/testing.md "First
 * download"). A member who is already signed in goes straight on.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { POST_LOGIN_REDIRECT_MS } from '@schema/contracts/constants';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { useCurrentUser } from '@web/db/current-user';
import { safeNextPath } from '@web/lib/sign-in-path';
import { useUiStore } from '@web/lib/ui-store';
import { ResetRequestForm } from '../components/reset-request-form';
import { SignInForm } from '../components/sign-in-form';

export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const { user, loading } = useCurrentUser();
  const navigate = useNavigate();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const [view, setView] = useState<'signIn' | 'reset'>('signIn');
  // Set once this page has signed the member in: the welcome toast is read before the page moves on.
  const [signedInHere, setSignedInHere] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!loading && user && !signedInHere) return <Navigate to={next} replace />;

  const reset = view === 'reset';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{reset ? 'Reset Password' : 'Sign in'}</h1>
          <CardDescription>
            {reset
              ? "Enter your account's email address and we'll send you a link to reset your password."
              : 'Sign in with your username and password.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {reset ? (
            <ResetRequestForm onBack={() => setView('signIn')} />
          ) : (
            <SignInForm
              onSignedIn={() => {
                setSignedInHere(true);
                timer.current = setTimeout(() => void navigate(next, { replace: true }), POST_LOGIN_REDIRECT_MS);
              }}
              onForgotPassword={() => setView('reset')}
              onSwitchToSignUp={() => openAuthDialog('signUp')}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
