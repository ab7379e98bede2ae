/** The location guide over the map's corner (docs/map.md "Spots on the map"): what each colour means. */
import { SPOT_COLOURS, SPOT_LEGEND } from '@schema/contracts/locations-constants';

export function SpotLegend() {
  return (
    <section
      aria-label="Location guide"
      className="m-2 rounded-lg bg-white/90 p-2 text-xs text-stone-800 shadow dark:bg-stone-900/90 dark:text-stone-100"
    >
      <h2 className="mb-1 font-semibold">Location guide</h2>
      <ul className="flex flex-col gap-0.5">
        {SPOT_LEGEND.map((entry) => (
          <li key={entry.key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-full border-2 border-white"
              style={{ backgroundColor: SPOT_COLOURS[entry.key] }}
            />
            {entry.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
