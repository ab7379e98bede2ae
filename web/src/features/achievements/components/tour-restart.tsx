/**
 * Restarting the onboarding tour (docs/product/achievements.md "Tour"): a button on /achievements, and
 * `/achievements?tour=restart`, where the member's profile sends them. Restarting keeps every achievement
 * already earned; the tour opens at its first step.
 */
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { tourAction } from '../state';
import { TourDialog } from './tour-dialog';

export function TourRestart({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  // Arriving with ?tour=restart opens the tour at once; the effect below restarts it and tidies the URL.
  const asked = params.get('tour') === 'restart';
  const [open, setOpen] = useState(asked);
  const restart = () => {
    void tourAction(userId, { action: 'restart' });
    setOpen(true);
  };
  useEffect(() => {
    if (!asked) return;
    setParams({}, { replace: true });
    void tourAction(userId, { action: 'restart' });
  }, [asked, setParams, userId]);
  return (
    <>
      <Button variant="outline" onClick={restart}>
        <RotateCcw aria-hidden="true" /> Restart tour
      </Button>
      {open ? <TourDialog userId={userId} open={open} onOpenChange={setOpen} startAt="welcome" /> : null}
    </>
  );
}
