/**
 * The layers control's entry for protected sites (docs/protected-areas.md "On the device"): the red hatch
 * and outline the map draws them with. Beside SpotLegend, in the layers control.
 */
import { PROTECTED_LEGEND_LABEL, PROTECTED_RED } from '../../model/protected-areas';

export function ProtectedLegend() {
  return (
    <section aria-labelledby="protected-legend-title" className="mt-3">
      <h2 id="protected-legend-title" className="mb-1 font-semibold">
        Protected sites
      </h2>
      <ul className="flex flex-col gap-1">
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            data-testid="protected-swatch"
            className="inline-block h-3 w-4 border-2"
            style={{
              borderColor: PROTECTED_RED,
              backgroundImage: `repeating-linear-gradient(-45deg, ${PROTECTED_RED} 0 2px, transparent 2px 5px)`,
            }}
          />
          {PROTECTED_LEGEND_LABEL}
        </li>
      </ul>
    </section>
  );
}
