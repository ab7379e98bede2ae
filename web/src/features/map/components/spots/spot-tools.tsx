/**
 * The spot controls (docs/map.md "The screen"): Add New Spot, the map's one primary button, and the map
 * menu's spot items — Import .kml/.kmi Files, Export my spots and Only my locations. Add and Import need a
 * signed-in member; for a visitor they are disabled and say why ("Product rules to keep").
 */
import { FileDown, MapPin, Upload } from 'lucide-react';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { DropdownMenuCheckboxItem, DropdownMenuItem } from '@web/components/ui/dropdown-menu';

export const ADD_REASON_ID = 'spot-add-reason';
const IMPORT_REASON_ID = 'spot-import-reason';

export interface AddSpotButtonProps {
  user: SelfUser | null;
  onAdd: () => void;
}

/** The primary action over the map's foot; for a visitor, disabled with the reason beside it. */
export function AddSpotButton({ user, onAdd }: AddSpotButtonProps) {
  const signedIn = user !== null;
  return (
    <>
      {signedIn ? null : (
        <p
          id={ADD_REASON_ID}
          className="pointer-events-auto rounded-lg bg-white/95 px-2 py-1 text-sm text-stone-700 shadow dark:bg-stone-900/95 dark:text-stone-300"
        >
          {m.signInToAdd}.
        </p>
      )}
      <Button
        onClick={onAdd}
        disabled={!signedIn}
        aria-describedby={signedIn ? undefined : ADD_REASON_ID}
        className="pointer-events-auto drop-shadow-lg"
      >
        <MapPin aria-hidden="true" /> Add New Spot
      </Button>
    </>
  );
}

export interface SpotMenuItemsProps {
  user: SelfUser | null;
  onImport: () => void;
  onExport: () => void;
  onlyMine: boolean;
  onOnlyMine: (onlyMine: boolean) => void;
}

/** The spot items of the map menu (inside a DropdownMenuContent). */
export function SpotMenuItems({ user, onImport, onExport, onlyMine, onOnlyMine }: SpotMenuItemsProps) {
  if (!user) {
    return (
      <DropdownMenuItem disabled aria-describedby={IMPORT_REASON_ID} className="flex-wrap py-2">
        <Upload aria-hidden="true" /> Import .kml/.kmi Files
        <span id={IMPORT_REASON_ID} className="basis-full pl-6 text-sm text-stone-600 dark:text-stone-400">
          {m.signInToImport}.
        </span>
      </DropdownMenuItem>
    );
  }
  return (
    <>
      <DropdownMenuItem onSelect={onImport}>
        <Upload aria-hidden="true" /> Import .kml/.kmi Files
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onExport}>
        <FileDown aria-hidden="true" /> Export my spots
      </DropdownMenuItem>
      <DropdownMenuCheckboxItem
        checked={onlyMine}
        onCheckedChange={(checked) => onOnlyMine(checked === true)}
      >
        Only my locations
      </DropdownMenuCheckboxItem>
    </>
  );
}
