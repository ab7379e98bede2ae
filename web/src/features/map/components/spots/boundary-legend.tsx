/**
 * The location guide's entries for a permission's edges (docs/permissions.md "On the map"): the boundary's
 * outline, the grey excluded areas and the red ring of an expired permission. Beside SpotLegend, in the
 * layers control.
 */
import { SHAPE_COLOURS, SHAPE_LEGEND } from '../../model/spots/shape-colours';

export function BoundaryLegend() {
  return (
    <section aria-labelledby="boundary-legend-title" className="mt-3">
      <h2 id="boundary-legend-title" className="mb-1 font-semibold">
        Your permissions
      </h2>
      <ul className="flex flex-col gap-1">
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-4 border-[3px]"
            style={{ borderColor: SHAPE_COLOURS.boundary }}
          />
          {SHAPE_LEGEND.boundary}
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-4 border border-dashed opacity-70"
            style={{ backgroundColor: SHAPE_COLOURS.exclusionFill, borderColor: SHAPE_COLOURS.exclusionLine }}
          />
          {SHAPE_LEGEND.exclusion}
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-3.5 rounded-full border-[3px] bg-stone-400"
            style={{ borderColor: SHAPE_COLOURS.expiredRing }}
          />
          {SHAPE_LEGEND.expired}
        </li>
      </ul>
    </section>
  );
}
