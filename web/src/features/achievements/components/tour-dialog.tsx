/**
 * The onboarding tour (docs/product/achievements.md "Tour"): six steps in a Radix dialog (focus trapped,
 * labelled by its title; Escape or the close button skip it). Next finishes the step and announces its
 * reward; Previous goes back (disabled on the first step); Complete on the last step finishes the tour.
 * Every action goes through state.ts, which keeps it on the device and sends it when it can.
 */
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useState } from 'react';
import {
  TOUR_SKIPPED,
  TOUR_SKIPPED_DETAIL,
  TOUR_STEPS,
  TOUR_TOTAL_POINTS,
  tourStepIds,
  type TourStep,
} from '@schema/contracts/achievements-constants';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import type { OnboardingUpdate } from '@schema/contracts/achievements';
import { tourAction } from '../state';

const TEXT: Record<TourStep, { title: string; body: string }> = {
  welcome: {
    title: 'Welcome to DigQuest',
    body: 'DigQuest is where detectorists share finds, plan digs and look after each other. This short tour shows you around.',
  },
  forum: {
    title: 'The Community Forum',
    body: 'Ask questions, share tips and meet other detectorists. Your first post earns an achievement of its own.',
  },
  finds: {
    title: 'Share your finds',
    body: 'Photograph a find, say what period it is from and share it with the community — it works offline too.',
  },
  map: {
    title: 'Your detecting map',
    body: 'Save the spots you detect on. They stay private unless you choose to share them.',
  },
  ar: {
    title: 'AR routes',
    body: 'Follow routes past historic places with your phone’s camera and earn achievements as you complete them.',
  },
  complete: {
    title: 'You are ready to dig',
    body: `Complete the tour to collect your last reward: the six steps are worth ${TOUR_TOTAL_POINTS} points in all.`,
  },
};

export interface TourDialogProps {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The step to open at (the member's current one). */
  startAt: TourStep;
  /** Called once the last step is completed. */
  onComplete?: () => void;
  /** Where the member's actions go: the device's store (state.ts), or a test's recorder. */
  onAction?: (update: OnboardingUpdate) => void | Promise<void>;
}

export function TourDialog({
  userId,
  open,
  onOpenChange,
  startAt,
  onComplete,
  onAction = (update) => tourAction(userId, update),
}: TourDialogProps) {
  const [index, setIndex] = useState(() => Math.max(0, tourStepIds.indexOf(startAt)));
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0];
  if (!step) return null;
  const last = index === TOUR_STEPS.length - 1;
  const percent = Math.round(((index + 1) / TOUR_STEPS.length) * 100);
  const text = TEXT[step.id];

  const close = (completed: boolean) => {
    onOpenChange(false);
    if (completed) {
      onComplete?.();
      return;
    }
    // 'Tour skipped' once the skip is saved on the device: leaving the page at once cannot lose it.
    void Promise.resolve(onAction({ action: 'skip' })).finally(() =>
      toast({ title: TOUR_SKIPPED, description: TOUR_SKIPPED_DETAIL }),
    );
  };
  const next = () => {
    void onAction({ action: 'finish-step', step: step.id });
    if (last) close(true);
    else setIndex(index + 1);
  };
  const previous = () => {
    const to = tourStepIds[index - 1];
    if (!to) return;
    void onAction({ action: 'go-to', step: to });
    setIndex(index - 1);
  };

  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close(false))}>
      <DialogContent closeLabel="Skip tour" data-testid="tour-dialog">
        <DialogHeader>
          <p className="text-sm font-medium text-lime-800 dark:text-lime-300">
            Step {index + 1} of {TOUR_STEPS.length}
          </p>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.body}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <div
            role="progressbar"
            aria-label="Tour progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
          >
            <div className="h-full bg-lime-700" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {percent}% · Reward: {step.reward} (+{step.points} points)
          </p>
        </div>
        <DialogFooter className="sm:justify-between">
          <Button variant="ghost" onClick={() => close(false)}>
            Skip
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" onClick={previous} disabled={index === 0}>
              <ArrowLeft aria-hidden="true" /> Previous
            </Button>
            <Button onClick={next}>
              {last ? (
                <>
                  <Check aria-hidden="true" /> Complete
                </>
              ) : (
                <>
                  Next <ArrowRight aria-hidden="true" />
                </>
              )}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
