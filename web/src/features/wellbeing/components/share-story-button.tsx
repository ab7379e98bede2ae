/**
 * Share Your Story (docs/product/stories.md "Screens"): members open the dialog; signed out the button is
 * disabled and says why. The dialog (and the form rules it brings) loads on first use, so the home page's
 * first visit stays light (docs/architecture.md).
 */
import { PenLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { storyMessages } from '@schema/contracts/stories-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';

const StoryFormDialog = lazy(async () => ({
  default: (await import('./story-form-dialog')).StoryFormDialog,
}));

export function ShareStoryButton({
  user,
  loading = false,
  size = 'md',
}: {
  user: SelfUser | null;
  /** The stored session is still being read: no reason shown yet, so members never see it flash. */
  loading?: boolean;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  if (loading)
    return (
      <Button size={size} disabled>
        <PenLine aria-hidden="true" /> Share Your Story
      </Button>
    );
  if (!user)
    return (
      <div className="flex flex-col items-start gap-1">
        <Button size={size} disabled title={storyMessages.loginToShare} aria-describedby="share-story-reason">
          <PenLine aria-hidden="true" /> Share Your Story
        </Button>
        <p id="share-story-reason" className="text-sm text-stone-600 dark:text-stone-400">
          {storyMessages.loginToShare}
        </p>
      </div>
    );
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <PenLine aria-hidden="true" /> Share Your Story
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <StoryFormDialog open={open} onOpenChange={setOpen} user={user} />
        </Suspense>
      ) : null}
    </>
  );
}
