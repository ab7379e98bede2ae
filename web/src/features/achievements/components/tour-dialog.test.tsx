// @vitest-environment jsdom
/**
 * The tour dialog (docs/product/achievements.md "Tour"): six steps, Previous disabled on the first, the
 * computed 305-point total on the last, Complete, and skipping by button, close or Escape with the
 * product's words. The member's actions are recorded instead of stored (state.test.ts covers storing).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OnboardingUpdate } from '@schema/contracts/achievements';
import { useToastStore } from '@web/components/ui/toast';
import { TourDialog } from './tour-dialog';

function Harness({ actions, completed }: { actions: OnboardingUpdate[]; completed: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <TourDialog
      userId={7}
      open={open}
      onOpenChange={setOpen}
      startAt="welcome"
      onComplete={completed}
      onAction={(update) => {
        actions.push(update);
      }}
    />
  );
}

describe('TourDialog', () => {
  it('walks the six steps with Next and Previous and completes on the last', async () => {
    const actions: OnboardingUpdate[] = [];
    let completed = 0;
    const user = userEvent.setup();
    render(<Harness actions={actions} completed={() => completed++} />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to DigQuest' });
    expect(dialog).toHaveTextContent('Step 1 of 6');
    expect(screen.getByRole('progressbar', { name: 'Tour progress' })).toHaveAttribute('aria-valuenow', '17');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Step 2 of 6');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Step 1 of 6');
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('the six steps are worth 305 points in all');
    expect(screen.getByRole('progressbar', { name: 'Tour progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(completed).toBe(1);
    expect(actions).toEqual([
      { action: 'finish-step', step: 'welcome' },
      { action: 'go-to', step: 'welcome' },
      ...['welcome', 'forum', 'finds', 'map', 'ar', 'complete'].map((step) => ({
        action: 'finish-step',
        step,
      })),
    ]);
  });

  it.each(['Skip', 'Escape', 'Skip tour'])('%s skips the tour and says how to restart it', async (how) => {
    const actions: OnboardingUpdate[] = [];
    const user = userEvent.setup();
    render(<Harness actions={actions} completed={() => undefined} />);
    await screen.findByRole('dialog');
    if (how === 'Escape') await user.keyboard('{Escape}');
    else await user.click(screen.getByRole('button', { name: how }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actions).toEqual([{ action: 'skip' }]);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: 'Tour skipped',
        description: 'You can always restart the tour from your profile settings.',
      }),
    );
  });
});
