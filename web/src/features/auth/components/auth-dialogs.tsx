/**
 * Mounted once in the layout. The dialogs (forms, zod, react-hook-form) download only when one is first
 * opened through useUiStore().openAuthDialog, which keeps them out of the first load. Once loaded they stay
 * mounted so Radix can animate closing and reopening is instant.
 */
import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '@web/lib/ui-store';

const AuthDialogsContent = lazy(() =>
  import('./auth-dialogs-content').then((m) => ({ default: m.AuthDialogsContent })),
);

export function AuthDialogs() {
  const open = useUiStore((s) => s.authDialog !== null);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogsContent />
    </Suspense>
  );
}
