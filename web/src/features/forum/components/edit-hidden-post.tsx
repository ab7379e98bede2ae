/**
 * "Edit post" for its author while a moderator has it hidden (docs/moderation.md "Actions"): the one case a
 * published post is edited. The title and text are checked with the server's own rules, the change is
 * queued (it works with no signal), and once it reaches the server a moderator is asked to review it.
 */
import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SelfUser } from '@schema/contracts/users';
import { hiddenReasonOf } from '@web/components/moderation/report';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalPost } from '@web/db/database';
import { editHiddenPost } from '../hooks/forum-writes';

type Errors = Partial<Record<'title' | 'content', string>>;

export function EditHiddenPost({ post, user }: { post: LocalPost; user: SelfUser | null }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  if (!user || user.id !== post.userId || hiddenReasonOf(post) === null) return null;

  if (!editing)
    return (
      <Button
        variant="outline"
        className="self-start"
        onClick={() => {
          setTitle(post.title);
          setContent(post.content);
          setErrors({});
          setEditing(true);
        }}
      >
        <Pencil aria-hidden="true" /> Edit post
      </Button>
    );

  async function save(event: FormEvent) {
    event.preventDefault();
    // The forum contract (and its validation library) loads with the first save, not with the post page.
    const { postEditSchema } = await import('@schema/contracts/forum');
    const checked = postEditSchema.safeParse({ title, content });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'content') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    if (!user || !post) return;
    setSaving(true);
    try {
      await editHiddenPost(user, post, checked.data);
      toast({ title: 'Post updated', description: 'A moderator will review it once it reaches the server.' });
      setEditing(false);
    } catch (err) {
      toast({
        title: 'Could not save',
        description: err instanceof Error ? err.message : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label="Edit post"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
        {errors.title ? (
          <p id={`${id}-title-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-content`}>Content</Label>
        <Textarea
          id={`${id}-content`}
          rows={6}
          value={content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${id}-content-error` : undefined}
          onChange={(e) => setContent(e.target.value)}
        />
        {errors.content ? (
          <p id={`${id}-content-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.content}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="outline" disabled={saving} onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
