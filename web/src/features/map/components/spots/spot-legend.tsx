/**
 * The location guide (docs/map.md "Spots on the map"): what each colour means. It sits in the layers
 * control, folded until asked for, so it never covers the map or a spot's info window.
 */
import { SPOT_COLOURS, SPOT_LEGEND } from '@schema/contracts/locations-constants';

export function SpotLegend() {
  return (
    <section aria-labelledby="spot-legend-title">
      <h2 id="spot-legend-title" className="mb-1 font-semibold">
        Location guide
      </h2>
      <ul className="flex flex-col gap-1">
        {SPOT_LEGEND.map((entry) => (
          <li key={entry.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3.5 rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.25)]"
              style={{ backgroundColor: SPOT_COLOURS[entry.key] }}
            />
            {entry.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
