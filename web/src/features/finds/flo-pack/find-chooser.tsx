/**
 * Choosing the finds of an FLO pack (docs/find-recording.md "The FLO pack"): tick them one by one, or tick
 * those found between two days, or those from one of the member's saved spots (select.ts says what "from a
 * spot" means). The date range and the spot only set the ticks, so the member always sees, and can
 * change, exactly what goes into the pack.
 */
import { useId, useState } from 'react';
import { floFindNumber, floFoundOn } from '@schema/contracts/flo-csv';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { LocalFind, LocalLocation } from '@web/db/database';
import { FLO_PACK_SPOT_RADIUS_M, findsFoundBetween, findsFromSpot } from './select';

export const CHOOSER_TEXTS = {
  byDate: 'By date found',
  from: 'From',
  to: 'To',
  selectDates: 'Select these dates',
  bySpot: 'From a saved spot',
  spot: 'Spot',
  selectSpot: 'Select finds from this spot',
  spotRule: `Finds within ${FLO_PACK_SPOT_RADIUS_M} m of the spot's pin, by their exact position.`,
  noSpots: 'You have no saved spots on this device.',
  yourFinds: 'Your finds',
  all: 'Select all',
  none: 'Clear',
  noneInDates: 'None of your finds was found between those dates.',
  noneAtSpot: `None of your finds with a position is within ${FLO_PACK_SPOT_RADIUS_M} m of that spot.`,
  notSynced: 'not synced yet',
} as const;
const t = CHOOSER_TEXTS;

export interface FindChooserProps {
  finds: readonly LocalFind[];
  spots: readonly LocalLocation[];
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
}

const uidsOf = (finds: readonly LocalFind[]) => new Set(finds.map((f) => f.uid));

export function FindChooser({ finds, spots, selected, onChange }: FindChooserProps) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [spotUid, setSpotUid] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const spot = spots.find((s) => s.uid === spotUid) ?? spots[0];

  function choose(chosen: readonly LocalFind[], empty: string) {
    onChange(uidsOf(chosen));
    setNotice(chosen.length === 0 ? empty : null);
  }

  function toggle(uid: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(uid);
    else next.delete(uid);
    onChange(next);
    setNotice(null);
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <legend className="px-1 font-semibold">{t.byDate}</legend>
          <div className="flex flex-wrap gap-3">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-from`}>{t.from}</Label>
              <Input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-to`}>{t.to}</Label>
              <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={!from && !to}
            onClick={() => choose(findsFoundBetween(finds, from, to), t.noneInDates)}
          >
            {t.selectDates}
          </Button>
        </fieldset>
        <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4 dark:border-stone-800">
          <legend className="px-1 font-semibold">{t.bySpot}</legend>
          {spot ? (
            <>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-spot`}>{t.spot}</Label>
                <select
                  id={`${id}-spot`}
                  value={spot.uid}
                  onChange={(e) => setSpotUid(e.target.value)}
                  className="h-10 rounded-md border border-stone-300 bg-white px-3 dark:border-stone-700 dark:bg-stone-900"
                >
                  {spots.map((s) => (
                    <option key={s.uid} value={s.uid}>
                      {s.name}
                    </option>
                  ))}
                </select>
                <p className="text-sm text-stone-600 dark:text-stone-400">{t.spotRule}</p>
              </div>
              <Button
                type="button"
                variant="outline"
                onClick={() => choose(findsFromSpot(finds, spot), t.noneAtSpot)}
              >
                {t.selectSpot}
              </Button>
            </>
          ) : (
            <p className="text-sm text-stone-600 dark:text-stone-400">{t.noSpots}</p>
          )}
        </fieldset>
      </div>
      {notice ? <p role="status">{notice}</p> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t.yourFinds}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold">{t.yourFinds}</h2>
          <div className="flex gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => choose(finds, '')}>
              {t.all}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => choose([], '')}>
              {t.none}
            </Button>
          </div>
        </div>
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {finds.map((find) => (
            <li key={find.uid} className="flex items-start gap-3 px-4 py-3">
              <input
                id={`${id}-${find.uid}`}
                type="checkbox"
                className="mt-1 size-4 accent-lime-700"
                checked={selected.has(find.uid)}
                onChange={(e) => toggle(find.uid, e.target.checked)}
              />
              <label htmlFor={`${id}-${find.uid}`} className="flex min-w-0 cursor-pointer flex-col">
                <span className="font-medium break-words">{find.title}</span>
                <span className="text-sm text-stone-600 dark:text-stone-400">
                  Found {floFoundOn(find)} · {find.id === null ? t.notSynced : `Find ${floFindNumber(find)}`}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
