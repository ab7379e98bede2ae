/**
 * The permission and finds agreement letter (docs/permissions.md "The letter"), filled from the spot's
 * permission record: the landowner, the land (name, grid reference, the boundary as a small plan with its
 * excluded areas), the days, notice and crops or livestock, the finds agreement with the Treasure Act note,
 * the dates, and lines for the landowner, the occupier and the detectorist to sign. A field left empty is a
 * line to fill in by hand.
 */
import type { ReactNode } from 'react';
import { formatLatLng, toGridRef } from '@schema/contracts/grid/coordinates';
import { allowedDaysText, permissionEdgeMessages } from '@schema/contracts/permission-edges-constants';
import type { LocalLocation } from '@web/db/locations-types';
import { boundaryPlan } from '../../model/spots/boundary-plan';
import { formatUkDate } from '../../model/spots/permission-expiry';
import { SHAPE_COLOURS } from '../../model/spots/shape-colours';

export const LETTER_TEXTS = {
  title: 'Permission to search with a metal detector, and finds agreement',
  intro: (detectorist: string) =>
    `The landowner named below gives ${detectorist} permission to search the land described here with a metal detector, on the terms and with the finds agreement below.`,
  blank: 'Not filled in',
  noExclusions: 'None',
  exclusions: (n: number) =>
    n === 1 ? '1 area, shown grey on the plan' : `${n} areas, shown grey on the plan`,
  planCaption: 'Plan of the land: the boundary in green, excluded areas in grey. North is up.',
  signers: ['Landowner', 'Occupier (if not the landowner)', 'Detectorist'],
} as const;
const t = LETTER_TEXTS;

/** A value, or a line to write on. */
function Value({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === '')
    return (
      <span className="letter-blank inline-block min-h-6 w-full border-b border-stone-500">
        <span className="sr-only">{t.blank}</span>
      </span>
    );
  return <span className="whitespace-pre-line">{children}</span>;
}

function Row({ label, children, narrow }: { label: string; children: ReactNode; narrow?: boolean }) {
  return (
    <div className={`grid ${narrow ? 'grid-cols-[5rem_1fr]' : 'grid-cols-[11rem_1fr]'} gap-x-3 py-1`}>
      <dt className="font-medium">{label}</dt>
      <dd>
        <Value>{children}</Value>
      </dd>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="letter-part flex flex-col gap-1">
      <h2 className="border-b border-stone-300 pb-0.5 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Plan({ spot }: { spot: LocalLocation }) {
  const plan = spot.permissionBoundary
    ? boundaryPlan(spot.permissionBoundary, spot.permissionExclusions, 240)
    : null;
  if (!plan) return null;
  return (
    <figure className="flex flex-col items-start gap-1">
      <svg
        width={plan.width}
        height={plan.height}
        viewBox={`0 0 ${plan.width} ${plan.height}`}
        role="img"
        aria-label={t.planCaption}
        className="border border-stone-300 bg-white"
      >
        <path
          d={plan.boundary}
          fill={SHAPE_COLOURS.boundary}
          fillOpacity={0.08}
          stroke={SHAPE_COLOURS.boundary}
          strokeWidth={2}
          fillRule="evenodd"
        />
        {plan.exclusions.map((d, i) => (
          <path
            key={i}
            d={d}
            fill={SHAPE_COLOURS.exclusionFill}
            fillOpacity={0.5}
            stroke={SHAPE_COLOURS.exclusionLine}
            strokeDasharray="4 3"
          />
        ))}
      </svg>
      <figcaption className="text-xs text-stone-600">{t.planCaption}</figcaption>
    </figure>
  );
}

function Signature({ role, name }: { role: string; name: string | null }) {
  return (
    <div className="letter-part flex flex-col gap-2">
      <h3 className="font-semibold">{role}</h3>
      <dl className="flex flex-col">
        <Row label="Name" narrow>
          {name}
        </Row>
        <Row label="Signature" narrow>
          {null}
        </Row>
        <Row label="Date" narrow>
          {null}
        </Row>
      </dl>
    </div>
  );
}

export function PermissionLetter({ spot, detectorist }: { spot: LocalLocation; detectorist: string }) {
  const areas = spot.permissionExclusions?.coordinates.length ?? 0;
  const [landowner, occupier, member] = t.signers;
  return (
    <article
      aria-labelledby="permission-letter-title"
      className="permission-letter mx-auto flex max-w-[210mm] flex-col gap-5 rounded-lg border border-stone-200 bg-white p-8 text-sm text-stone-900 shadow-sm"
    >
      <h1 id="permission-letter-title" className="text-xl font-bold">
        {t.title}
      </h1>
      <p>{t.intro(detectorist)}</p>
      <Part title="The landowner">
        <dl>
          <Row label="Name">{spot.landownerName}</Row>
          <Row label="Contact">{spot.landownerContact}</Row>
        </dl>
      </Part>
      <Part title="The land">
        <dl>
          <Row label="Name">{spot.name}</Row>
          <Row label="Grid reference">{toGridRef(spot)}</Row>
          <Row label="Latitude, longitude">{formatLatLng(spot)}</Row>
          <Row label="Excluded areas">{areas > 0 ? t.exclusions(areas) : t.noExclusions}</Row>
        </dl>
        <Plan spot={spot} />
      </Part>
      <Part title="When and how">
        <dl>
          <Row label="Days allowed">{allowedDaysText(spot.permissionDays)}</Row>
          <Row label="Notice asked for">{spot.permissionNotice}</Row>
          <Row label="Crops or livestock">{spot.permissionCropsNotes}</Row>
          <Row label="Other conditions">{spot.permissionNotes}</Row>
        </dl>
      </Part>
      <Part title="Finds agreement">
        <dl>
          <Row label="How finds are shared">{spot.agreementFindsSplit}</Row>
          <Row label="How a Treasure reward is shared">{spot.agreementTreasureSplit}</Row>
          <Row label="What the landowner is shown">{spot.agreementLandownerSees}</Row>
        </dl>
        <p className="mt-1">{permissionEdgeMessages.treasureActNote}</p>
      </Part>
      <Part title="How long it lasts">
        <dl>
          <Row label="Granted on">{spot.permissionGranted ? formatUkDate(spot.permissionGranted) : null}</Row>
          <Row label="Valid until">
            {spot.permissionExpires ? formatUkDate(spot.permissionExpires) : null}
          </Row>
        </dl>
      </Part>
      <Part title="Signatures">
        <div className="grid gap-4 sm:grid-cols-3 print:grid-cols-3">
          <Signature role={landowner} name={spot.landownerName ?? null} />
          <Signature role={occupier} name={null} />
          <Signature role={member} name={detectorist} />
        </div>
      </Part>
    </article>
  );
}
