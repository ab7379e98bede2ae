/**
 * New Post (docs/product/forum.md#screens). Saving is local and queued, so it works without signal: the post
 * shows at once, marked waiting, and syncs later. Online, the picture is uploaded first; if that fails the
 * post is created without it and the member is told (docs/product/forum.md#errors).
 */
import type { PostFormInput } from '@schema/contracts/forum';
import { forumMessages } from '@schema/contracts/forum-constants';
import type { SelfUser } from '@schema/contracts/users';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { lazyParts } from '@web/components/ui/lazy-parts';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { StorageFullError } from '@web/sync';
import { createPost } from '../hooks/forum-writes';
import { preparePicture } from '../hooks/post-image';
import { useCategories } from '../hooks/use-forum';

// The form and react-hook-form (about 16 KB gzip) load when the dialog first opens: a visit that only reads
// the forum never needs them. Fetched once, then cached (offline too: the service worker precaches chunks).
const formParts = lazyParts(() => import('./post-form'));

export interface NewPostDialogProps {
  user: SelfUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultCategoryId?: number | null;
  /** Called with the new post's uid. */
  onCreated?: (uid: string) => void;
}

/** The notice after Create Post, worded as Share Your Find's (FIND_SAVED): the post is on this device only. */
export const POST_SAVED = {
  title: 'Post saved',
  description: 'Saved on this device. It will be posted to the forum once it has synced.',
} as const;

/** The whole "create" step, exported for tests: picture first (online), then the local write. */
export async function submitNewPost(
  user: SelfUser,
  values: PostFormInput,
  image: File | null,
  online: boolean,
): Promise<string | null> {
  const { picture, uploadFailed } = await preparePicture(image, online);
  try {
    const uid = await createPost(user, values, picture);
    if (uploadFailed) {
      // One toast at a time (docs/product/overview.md#shared-interface-behaviour): the failed picture matters
      // more than the success notice.
      toast({
        title: forumMessages.imageUploadFailedTitle,
        description: forumMessages.imageUploadFailed,
        variant: 'destructive',
      });
    } else {
      // Online or not, nothing has left the device yet: the sync engine sends the post when the server
      // answers, and the post's card shows it waiting until then.
      toast({ title: POST_SAVED.title, description: POST_SAVED.description });
    }
    return uid;
  } catch (err) {
    toast({
      title: 'Error',
      description: err instanceof StorageFullError ? err.message : forumMessages.unknownError,
      variant: 'destructive',
    });
    return null;
  }
}

export function NewPostDialog({
  user,
  open,
  onOpenChange,
  defaultCategoryId,
  onCreated,
}: NewPostDialogProps) {
  const categories = useCategories();
  const parts = formParts.useParts(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Post</DialogTitle>
          <DialogDescription>
            Share a question, a find story or a tip with the community. It saves on this device first, so it
            works without signal.
          </DialogDescription>
        </DialogHeader>
        {categories.state === 'error' ? (
          <p role="alert">The categories could not be read on this device. Please try again later.</p>
        ) : !parts ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label="Loading the form…" />
          </div>
        ) : (
          <parts.PostForm
            categories={categories.state === 'ready' ? categories.value : []}
            defaultCategoryId={defaultCategoryId}
            onCancel={() => onOpenChange(false)}
            onSubmit={async (values, image) => {
              const uid = await submitNewPost(user, values, image, navigator.onLine);
              if (uid === null) return;
              onOpenChange(false);
              onCreated?.(uid);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
