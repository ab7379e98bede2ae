/**
 * Import .kml/.kmi Files (docs/map.md "Importing KML, KMZ, KMI and GPX"): choose a file (.kml, .kmi, .kmz,
 * .gpx or .xml, at most 10 MB), which is parsed in a Web Worker; check the preview; the chosen spots are
 * saved on the device as private spots, with a progress bar, and sync in batches. The result is the
 * product's 'Import Complete' with counts, or 'Import Failed'.
 */
import { useId, useState } from 'react';
import { importResultText, locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import type { LocalLocation } from '@web/db/locations-types';
import { importSpots, type ImportProgress } from '../../hooks/spot-writes';
import { IMPORT_FILE_EXTENSIONS } from '../../model/import/messages';
import type { ParsedImport } from '../../model/import/parse';
import { checkImportFile } from '../../model/import/check-file';
import { duplicateCheck } from '../../model/spots/geo';
import { parseImportFile } from '../../services/import-parser';
import { ImportPreview, nameProblem, type PreviewRow } from './import-preview';
import { formatCount } from '@web/lib/numbers';

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; name: string }
  | { kind: 'refused'; title: string; message: string }
  | { kind: 'preview'; parsed: ParsedImport; rows: PreviewRow[] }
  | { kind: 'saving'; progress: ImportProgress };

export interface ImportDialogProps {
  open: boolean;
  user: SelfUser;
  /** The member's saved spots, to find the ones already saved. */
  ownSpots: readonly LocalLocation[];
  onClose: () => void;
}

export function ImportDialog({ open, user, ownSpots, onClose }: ImportDialogProps) {
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());

  const close = () => {
    if (step.kind === 'saving') return;
    setStep({ kind: 'choose' });
    onClose();
  };

  async function read(file: File) {
    const refusal = checkImportFile(file);
    if (refusal) return setStep({ kind: 'refused', title: m.importFailedTitle, message: refusal });
    setStep({ kind: 'reading', name: file.name });
    const outcome = await parseImportFile(await file.arrayBuffer(), file.name);
    if (!outcome.ok)
      return setStep({ kind: 'refused', title: m.importFailedTitle, message: outcome.message });
    if (outcome.parsed.items.length === 0)
      return setStep({ kind: 'refused', title: m.noLocationsTitle, message: m.noLocations });
    const saved = duplicateCheck(ownSpots);
    const rows = outcome.parsed.items.map((item) => ({ item, duplicate: saved(item) }));
    setChosen(new Set(rows.flatMap((r, i) => (r.duplicate ? [] : [i]))));
    setStep({ kind: 'preview', parsed: outcome.parsed, rows });
  }

  async function save(parsed: ParsedImport, rows: PreviewRow[]) {
    const items = rows.filter((_, i) => chosen.has(i)).map((r) => ({ ...r.item, name: r.item.name.trim() }));
    setStep({ kind: 'saving', progress: { done: 0, total: items.length } });
    const { imported, failed } = await importSpots(user, items, (progress) =>
      setStep({ kind: 'saving', progress }),
    );
    const allFailed = failed + parsed.failures.length;
    if (imported === 0)
      toast({ title: m.importFailedTitle, description: m.importFailed, variant: 'destructive' });
    else toast({ title: m.importCompleteTitle, description: importResultText(imported, allFailed) });
    setStep({ kind: 'choose' });
    onClose();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Import spots</DialogTitle>
          <DialogDescription>
            A .kml, .kmi, .kmz, .gpx, .xml or .geojson file of up to 10MB, from Google My Maps, Google Earth,
            a GPS, Garrett's software or a DigQuest export. Imported spots are private: only you see them.
          </DialogDescription>
        </DialogHeader>
        {step.kind === 'choose' || step.kind === 'refused' ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={`${id}-file`} className="font-medium">
              File
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept={IMPORT_FILE_EXTENSIONS.join(',')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void read(file);
              }}
            />
            {step.kind === 'refused' ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                <strong>{step.title}:</strong> {step.message}
              </p>
            ) : null}
          </div>
        ) : step.kind === 'reading' ? (
          <Spinner label={`Reading ${step.name}`} />
        ) : step.kind === 'preview' ? (
          <ImportPreview
            rows={step.rows}
            chosen={chosen}
            failures={step.parsed.failures}
            ignored={step.parsed.ignored}
            onToggle={(index, on) =>
              setChosen((prev) => {
                const next = new Set(prev);
                if (on) next.add(index);
                else next.delete(index);
                return next;
              })
            }
            onAll={(on) => setChosen(new Set(on ? step.rows.map((_, i) => i) : []))}
            onRename={(index, name) =>
              setStep({
                ...step,
                rows: step.rows.map((row, i) =>
                  i === index ? { ...row, item: { ...row.item, name } } : row,
                ),
              })
            }
          />
        ) : (
          <div className="flex flex-col gap-2">
            <label htmlFor={`${id}-progress`}>
              Saving {formatCount(step.progress.done)} of {formatCount(step.progress.total)}
            </label>
            <progress
              id={`${id}-progress`}
              className="w-full"
              max={step.progress.total}
              value={step.progress.done}
            />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={step.kind === 'saving'}>
            Cancel
          </Button>
          {step.kind === 'preview' ? (
            <Button
              onClick={() => void save(step.parsed, step.rows)}
              disabled={
                chosen.size === 0 || step.rows.some((row, i) => chosen.has(i) && nameProblem(row.item.name))
              }
            >
              Import {formatCount(chosen.size)} spot{chosen.size === 1 ? '' : 's'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
