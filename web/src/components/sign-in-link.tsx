/**
 * The "Sign in" button of a page that needs an account: it opens the sign-in page, which brings the member
 * back to this page, with its query, once signed in (lib/sign-in-path.ts).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { signInPath } from '@web/lib/sign-in-path';

export function SignInLink({ className, children = 'Sign in' }: { className?: string; children?: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <Link to={signInPath(pathname + search)} className={className ?? buttonClasses('default')}>
      {children}
    </Link>
  );
}
