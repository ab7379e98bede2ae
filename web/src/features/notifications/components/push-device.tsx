/**
 * "Push on this device": turning push on asks the browser for permission only now, after the member's
 * tap (never on load), then subscribes (push.ts). Says plainly when the browser blocked notifications and
 * how to allow them again, and that iPhones need the app on the Home Screen first (iOS 16.4 and later).
 */
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { currentPushState, turnOffPush, turnOnPush, type PushState } from '../push';
import { notificationTexts as t } from '../texts';

export function PushDevice({ online }: { online: boolean }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    currentPushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setBusy(true);
    try {
      const next = await turnOnPush();
      setState(next);
      if (next === 'on') toast({ title: t.pushTurnedOn });
    } catch {
      setState(await currentPushState().catch(() => 'off' as const));
      toast({ title: t.pushFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await turnOffPush();
      setState('off');
      toast({ title: t.pushTurnedOff });
    } catch {
      toast({ title: t.saveFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" aria-busy={state === null}>
      {state === 'on' ? (
        <>
          <p className="flex items-center gap-2 text-stone-800 dark:text-stone-200">
            <BellRing className="size-5 text-lime-700 dark:text-lime-400" aria-hidden="true" /> {t.pushOn}
          </p>
          <Button
            variant="outline"
            className="self-start"
            disabled={busy || !online}
            onClick={() => void turnOff()}
          >
            <BellOff aria-hidden="true" /> {t.turnOff}
          </Button>
        </>
      ) : null}
      {state === 'off' ? (
        <>
          <p className="text-stone-700 dark:text-stone-300">{t.pushOff}</p>
          <Button className="self-start" disabled={busy || !online} onClick={() => void turnOn()}>
            <BellRing aria-hidden="true" /> {t.turnOn}
          </Button>
        </>
      ) : null}
      {state === 'denied' ? (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {t.pushDenied}
        </p>
      ) : null}
      {state === 'unsupported' ? (
        <p className="text-stone-700 dark:text-stone-300">{t.pushUnsupported}</p>
      ) : null}
      {/* Said everywhere (a member setting up here may be thinking of their iPhone), and first on an iPhone. */}
      <p
        className={
          state === 'needs-home-screen'
            ? 'rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100'
            : 'text-sm text-stone-700 dark:text-stone-300'
        }
      >
        {t.iphone}
      </p>
    </div>
  );
}
