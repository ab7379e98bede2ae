/** /login: a dead link made useful (docs/spec-differences.md#accounts) — opens Sign In over the home page. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { openSignIn } from '../model/auth-dialog-store';

export function LoginRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    openSignIn('signIn');
    void navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
