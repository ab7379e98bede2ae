/**
 * /finds/pack — the FLO pack (docs/find-recording.md "The FLO pack"): the member chooses some of their
 * finds and gets one ZIP for their Finds Liaison Officer (a spreadsheet, the photos, a printable record
 * sheet and bag labels), shared where the browser can share files, downloaded otherwise. Everything comes
 * from the device, so it works offline; only photos the device does not hold are fetched, and without a
 * connection the pack is made without them and says so. The ZIP and QR libraries load with the first pack,
 * not with the page.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ukDate } from '@schema/contracts/treasure';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { FindChooser } from '../flo-pack/find-chooser';
import type { ShareOutcome } from '../flo-pack/share-pack';
import { loadPhotoFromDevice, useOwnFinds, useOwnSpots } from '../hooks/flo-pack';
import { SignInLink } from '@web/components/sign-in-link';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const FLO_PACK_TEXTS = {
  title: 'FLO pack',
  description:
    'Everything your Finds Liaison Officer needs in one ZIP file: a spreadsheet of your finds with their exact find spots, the photos, a record sheet and bag labels to print. It is made on this device, so it works without signal.',
  loading: 'Loading your finds…',
  signIn: 'Sign in to make an FLO pack of your finds.',
  loadFailed: 'Could not read your finds on this device. Please reload the page.',
  empty: 'You have no finds to pack yet',
  logFind: 'Log a find',
  make: 'Make FLO pack',
  making: 'Making your FLO pack…',
  failed: 'Could not make the FLO pack. Please try again.',
  selected: (n: number, of: number) => `${n} of ${plural(of, 'find', 'finds')} selected`,
  shared: (n: number) => `FLO pack shared: ${plural(n, 'find', 'finds')}.`,
  downloaded: (name: string, n: number) => `FLO pack downloaded: ${name} (${plural(n, 'find', 'finds')}).`,
  cancelled: 'Sharing cancelled: the pack was not sent.',
  missingPhotos: (n: number) =>
    `${plural(n, 'photo was', 'photos were')} left out: not on this device, and there is no connection to fetch ${n === 1 ? 'it' : 'them'}. Make the pack again when you are online to include ${n === 1 ? 'it' : 'them'}.`,
} as const;
const t = FLO_PACK_TEXTS;

type Progress =
  | { state: 'idle' }
  | { state: 'making' }
  | { state: 'done'; outcome: ShareOutcome; fileName: string; count: number; missing: number }
  | { state: 'failed' };

/** Builds the pack (its libraries load now, from the service worker's cache offline) and hands it over. */
async function makeAndShare(finds: readonly LocalFind[]): Promise<Extract<Progress, { state: 'done' }>> {
  const [{ buildFloPack }, { sharePack }] = await Promise.all([
    import('../flo-pack/build-pack'),
    import('../flo-pack/share-pack'),
  ]);
  const pack = await buildFloPack(finds, {
    loadPhoto: (find) => loadPhotoFromDevice(find),
    origin: location.origin,
    today: ukDate(new Date()),
  });
  const outcome = await sharePack(pack.zip, pack.fileName);
  return {
    state: 'done',
    outcome,
    fileName: pack.fileName,
    count: pack.count,
    missing: pack.missingPhotos.length,
  };
}

function Outcome({ progress }: { progress: Progress }) {
  if (progress.state === 'making') return <p role="status">{t.making}</p>;
  if (progress.state === 'failed') return <p role="alert">{t.failed}</p>;
  if (progress.state !== 'done') return null;
  const said =
    progress.outcome === 'shared'
      ? t.shared(progress.count)
      : progress.outcome === 'downloaded'
        ? t.downloaded(progress.fileName, progress.count)
        : t.cancelled;
  return (
    <div role="status" className="flex flex-col gap-1">
      <p>{said}</p>
      {progress.missing > 0 ? <p>{t.missingPhotos(progress.missing)}</p> : null}
    </div>
  );
}

export function FloPackPage() {
  const { user, loading } = useCurrentUser();
  const userId = user?.id ?? null;
  const finds = useOwnFinds(userId);
  const spots = useOwnSpots(userId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });

  const header = <PageHeader title={t.title} description={t.description} />;
  const frame = (body: ReactNode) => (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      {header}
      {body}
    </PageContainer>
  );

  if (loading) return frame(<p role="status">{t.loading}</p>);
  if (userId === null)
    return frame(
      <>
        <p>{t.signIn}</p>
        <SignInLink />
      </>,
    );
  if (finds.state === 'loading') return frame(<p role="status">{t.loading}</p>);
  if (finds.state === 'error') return frame(<p role="alert">{t.loadFailed}</p>);
  if (finds.value.length === 0)
    return frame(
      <>
        <p>{t.empty}</p>
        <Link to="/finds?share=1" className={buttonClasses('default')}>
          {t.logFind}
        </Link>
      </>,
    );

  const all = finds.value;
  const chosen = all.filter((f) => selected.has(f.uid));
  const make = () => {
    setProgress({ state: 'making' });
    makeAndShare(chosen).then(setProgress, () => setProgress({ state: 'failed' }));
  };

  return frame(
    <>
      <FindChooser
        finds={all}
        spots={spots.state === 'ready' ? spots.value : []}
        selected={selected}
        onChange={setSelected}
      />
      <div className="sticky bottom-0 flex flex-col gap-3 border-t border-stone-200 bg-stone-50/95 py-4 dark:border-stone-800 dark:bg-stone-950/95">
        <p aria-live="polite">{t.selected(chosen.length, all.length)}</p>
        <Button type="button" disabled={chosen.length === 0 || progress.state === 'making'} onClick={make}>
          {t.make}
        </Button>
        <Outcome progress={progress} />
      </div>
    </>,
  );
}
