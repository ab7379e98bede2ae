/**
 * The spot buttons in the map's toolbar (docs/map.md "Product rules to keep"): Add New Spot and Import
 * need a signed-in member; for a visitor they are disabled and say why.
 */
import { Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';

export interface SpotToolsProps {
  user: SelfUser | null;
  onAdd: () => void;
  addIcon: ReactNode;
  onImport?: () => void;
  extra?: ReactNode;
}

export function SpotTools({ user, onAdd, addIcon, onImport, extra }: SpotToolsProps) {
  const signedIn = user !== null;
  return (
    <>
      <Button
        onClick={onAdd}
        disabled={!signedIn}
        aria-describedby={signedIn ? undefined : 'spot-add-reason'}
      >
        {addIcon} Add New Spot
      </Button>
      <Button
        variant="outline"
        onClick={onImport}
        disabled={!signedIn || !onImport}
        aria-describedby={signedIn ? undefined : 'spot-import-reason'}
      >
        <Upload aria-hidden="true" /> Import .kml/.kmi Files
      </Button>
      {extra}
      {signedIn ? null : (
        <p className="order-last basis-full text-sm text-stone-600 dark:text-stone-400">
          <span id="spot-add-reason">{m.signInToAdd}.</span>{' '}
          <span id="spot-import-reason">{m.signInToImport}.</span>
        </p>
      )}
    </>
  );
}
