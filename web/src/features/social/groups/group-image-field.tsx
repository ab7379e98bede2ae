/**
 * A group's picture or cover in its form (docs/product/social.md "Groups"): an image file only ('Invalid
 * file type' / 'Please select an image file', the spec's texts). The file is uploaded when the form saves
 * (POST /api/upload-image, re-encoded without metadata), so choosing one needs the network then.
 */
import { useState } from 'react';
import { groupMessages } from '@schema/contracts/groups-constants';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';

export interface GroupImageFieldProps {
  id: string;
  label: string;
  hint?: string;
  onPick(file: File | null): void;
}

export function GroupImageField({ id, label, hint, onPick }: GroupImageFieldProps) {
  const [error, setError] = useState<string | undefined>();
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint}>
      <Input
        id={id}
        type="file"
        accept="image/*"
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          if (file && !file.type.startsWith('image/')) {
            onPick(null);
            setError(groupMessages.selectImage);
            toast({
              title: groupMessages.invalidFileType,
              description: groupMessages.selectImage,
              variant: 'destructive',
            });
            return;
          }
          setError(undefined);
          onPick(file);
        }}
      />
    </FormField>
  );
}
