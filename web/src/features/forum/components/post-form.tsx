/**
 * The New Post form (docs/product/forum.md#rules-and-messages): title 5–100, content at least 10, a category,
 * and an optional picture under 5 MB of an image type. The rules and texts are the shared contract's
 * (postFormSchema, postImageFileSchema), the same the server applies.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  forumMessages,
  postFormSchema,
  postImageFileSchema,
  type PostFormInput,
} from '@schema/contracts/forum';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalCategory } from '@web/db/database';

type PostFormValues = z.input<typeof postFormSchema>;

export interface PostFormProps {
  categories: readonly LocalCategory[];
  /** Preselected category (the forum's ?category= filter). */
  defaultCategoryId?: number | null;
  onSubmit: (values: PostFormInput, image: File | null) => Promise<void>;
  onCancel: () => void;
}

/** The picture rule, with the spec's toast title for each failure. */
export function checkImage(file: File): { title: string; message: string } | null {
  const parsed = postImageFileSchema.safeParse(file);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? forumMessages.invalidFileType;
  return {
    title:
      message === forumMessages.fileTooLarge
        ? forumMessages.fileTooLargeTitle
        : forumMessages.invalidFileTypeTitle,
    message,
  };
}

export function PostForm({ categories, defaultCategoryId, onSubmit, onCancel }: PostFormProps) {
  const id = useId();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PostFormValues, unknown, PostFormInput>({
    resolver: zodResolver(postFormSchema),
    defaultValues: { title: '', content: '', categoryId: defaultCategoryId ? String(defaultCategoryId) : '' },
  });
  const { errors, isSubmitting } = formState;

  // Each preview URL is released when it is replaced or the form closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(file: File | undefined) {
    setImageError(null);
    setImage(null);
    setPreview(null);
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      setImageError(problem.message);
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    setImage(file);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
  }

  const submit = handleSubmit((values) => onSubmit(values, image));
  const described = (field: keyof PostFormValues) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormField label="Title" htmlFor={`${id}-title`} error={errors.title?.message}>
        <Input id={`${id}-title`} autoComplete="off" {...described('title')} {...register('title')} />
      </FormField>
      <FormField label="Category" htmlFor={`${id}-categoryId`} error={errors.categoryId?.message}>
        <select
          id={`${id}-categoryId`}
          className={`${fieldClasses} min-h-11`}
          {...described('categoryId')}
          {...register('categoryId')}
        >
          <option value="">Select a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Content" htmlFor={`${id}-content`} error={errors.content?.message}>
        <Textarea id={`${id}-content`} rows={6} {...described('content')} {...register('content')} />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-image`}>Image (optional)</Label>
        <div className="flex items-center gap-3">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-stone-300 bg-stone-50 dark:border-stone-600 dark:bg-stone-800">
            {preview ? (
              <img src={preview} alt="Selected for your post" className="size-full object-cover" />
            ) : (
              <ImagePlus className="size-7 text-stone-400" aria-hidden="true" />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <input
              id={`${id}-image`}
              type="file"
              accept="image/*"
              className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-lime-800 file:px-4 file:font-medium file:text-white hover:file:bg-lime-700"
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? `${id}-image-error` : `${id}-image-hint`}
              onChange={(e) => choose(e.target.files?.[0])}
            />
            {imageError ? (
              <p
                id={`${id}-image-error`}
                role="alert"
                className="text-sm font-medium text-red-700 dark:text-red-400"
              >
                {imageError}
              </p>
            ) : (
              <p id={`${id}-image-hint`} className="text-sm text-stone-600 dark:text-stone-400">
                An image file under 5MB.
              </p>
            )}
          </div>
          {image ? (
            <Button variant="ghost" size="icon" aria-label="Remove image" onClick={() => choose(undefined)}>
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Posting…' : 'Create Post'}
        </Button>
      </div>
    </form>
  );
}
