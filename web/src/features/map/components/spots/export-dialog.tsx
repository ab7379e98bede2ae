/**
 * Export my spots (docs/map.md "Export"): the member's own spots as GPX, KML or GeoJSON, downloaded from
 * the device (it works offline). Permission records go into the file only when the box is ticked.
 */
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import type { LocalLocation } from '@web/db/locations-types';
import { EXPORT_FORMATS, exportSpots, type ExportFormat } from '../../model/spots/export';
import { formatCount } from '@web/lib/numbers';

export interface ExportDialogProps {
  open: boolean;
  ownSpots: readonly LocalLocation[];
  onClose: () => void;
}

function download(text: string, name: string, mime: string) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportDialog({ open, ownSpots, onClose }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('gpx');
  const [withPermission, setWithPermission] = useState(false);
  const chosen = EXPORT_FORMATS.find((f) => f.format === format) ?? EXPORT_FORMATS[0];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export my spots</DialogTitle>
          <DialogDescription>
            {ownSpots.length === 0
              ? 'You have no spots to export yet.'
              : `${formatCount(ownSpots.length)} spot${ownSpots.length === 1 ? '' : 's'} of yours, private and shared.`}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">Format</legend>
          {EXPORT_FORMATS.map((f) => (
            <label key={f.format} className="flex items-center gap-2">
              <input
                type="radio"
                name="export-format"
                checked={format === f.format}
                onChange={() => setFormat(f.format)}
              />
              {f.label}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-amber-700"
            checked={withPermission}
            onChange={(e) => setWithPermission(e.target.checked)}
          />
          Include permission records (landowner, dates and notes)
        </label>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={ownSpots.length === 0 || !chosen}
            onClick={() => {
              if (!chosen) return;
              download(
                exportSpots(ownSpots, format, withPermission),
                `digquest-spots.${format}`,
                chosen.mime,
              );
              onClose();
            }}
          >
            Download {chosen?.label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
