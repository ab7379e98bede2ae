/**
 * /map/spots/{id or uid}/letter — the printable permission and finds agreement letter (docs/permissions.md
 * "The letter"). Read from the device, so it opens and prints offline. Only the spot's owner holds its
 * permission record, so only they can open it: another member is told so, a visitor is asked to sign in.
 * Printed on A4 with the app's header, footer and buttons left out.
 */
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import { permissionEdgeMessages } from '@schema/contracts/permission-edges-constants';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageContainer } from '@web/components/ui/page-header';
import { useCurrentUser } from '@web/db/current-user';
import { PermissionLetter } from '../components/spots/permission-letter';
import { useSpot } from '../hooks/use-spots';
import { SignInLink } from '@web/components/sign-in-link';

export const LETTER_PAGE_TEXTS = {
  loading: 'Loading the letter…',
  loadFailed: 'The spot could not be read on this device. Reload the page to try again.',
  missing: 'It may have been deleted, or it is not on this device.',
  print: 'Print',
  back: 'Back to the map',
  hint: 'Print it on A4, or save it as a PDF from the print dialog, then sign it with the landowner.',
} as const;
const t = LETTER_PAGE_TEXTS;

/** A4 with margins; nothing of the app but the letter on paper. */
export const LETTER_PRINT_CSS = `
@page { size: A4; margin: 15mm 15mm 18mm; }
@media print {
  html, body { background: #fff !important; }
  header, footer, nav, [data-no-print] { display: none !important; }
  main { min-height: 0 !important; overflow: visible !important; }
  .letter-page { padding: 0 !important; max-width: none !important; }
  .permission-letter { border: 0 !important; box-shadow: none !important; padding: 0 !important; max-width: none !important; font-size: 10.5pt; }
  .permission-letter, .permission-letter * { color: #000 !important; }
  .letter-part { break-inside: avoid; }
}
`;

function Frame({ children }: { children: ReactNode }) {
  return (
    <PageContainer className="letter-page flex max-w-4xl flex-col gap-4">
      <style>{LETTER_PRINT_CSS}</style>
      {children}
    </PageContainer>
  );
}

function Notice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Frame>
      <p role="status">{text}</p>
      {children}
    </Frame>
  );
}

export function PermissionLetterPage() {
  const { id = '' } = useParams();
  const { user, loading } = useCurrentUser();
  const spot = useSpot(id);

  if (loading) return <Notice text={t.loading} />;
  if (!user)
    return (
      <Notice text={permissionEdgeMessages.letterSignIn}>
        <SignInLink />
      </Notice>
    );
  if (spot.state === 'loading') return <Notice text={t.loading} />;
  if (spot.state === 'error') return <Notice text={t.loadFailed} />;
  if (!spot.value)
    return (
      <Notice text={`${m.notFound}. ${t.missing}`}>
        <Link to="/map" className={buttonClasses('outline')}>
          {t.back}
        </Link>
      </Notice>
    );
  const record = spot.value;
  if (record.userId !== user.id) return <Notice text={permissionEdgeMessages.letterNotYours} />;

  return (
    <Frame>
      <div data-no-print className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> {t.print}
          </Button>
          <Link to={`/map?spot=${record.id ?? record.uid}`} className={buttonClasses('outline')}>
            {t.back}
          </Link>
        </div>
        <p className="text-sm text-stone-600 dark:text-stone-400">{t.hint}</p>
      </div>
      <PermissionLetter spot={record} detectorist={user.username} />
    </Frame>
  );
}
