import { Link } from 'react-router';
import { ArticleLayout, Callout, type ArticleSection } from './article-layout';

const SECTIONS: ArticleSection[] = [
  {
    id: 'detectors',
    title: 'Detectors',
    body: (
      <>
        <p>
          You don't need an expensive machine to make good finds: knowing your detector and your land matters
          far more. The main types:
        </p>
        <ul>
          <li>
            <strong>Single-frequency VLF</strong>: the most common and affordable. Good target identification
            and discrimination on inland fields; a great first detector.
          </li>
          <li>
            <strong>Multi-frequency</strong>: transmits several frequencies at once, so it copes better with
            wet salt sand, mineralised soil and mixed targets. The best all-rounder if you detect both inland
            and on the beach.
          </li>
          <li>
            <strong>Pulse induction (PI)</strong>: deep and unbothered by wet salt sand or heavy
            mineralisation, but with little or no discrimination, so you dig everything. Popular on beaches.
          </li>
        </ul>
        <h3>What to look for</h3>
        <ul>
          <li>Weight and balance: you will swing it for hours.</li>
          <li>Waterproofing, if you want to detect in the wet sand, streams or rain.</li>
          <li>Wireless headphones and a clear screen that you can read in sunlight.</li>
          <li>Ground balance (automatic or manual) for mineralised soils.</li>
          <li>Battery life, or a rechargeable battery you can top up from a power bank.</li>
        </ul>
        <Callout title="Try before you buy" tone="lime">
          Ask at a club or a group dig to try other people's machines. Many detectorists start with a good
          second-hand detector.
        </Callout>
      </>
    ),
  },
  {
    id: 'coils',
    title: 'Search coils',
    body: (
      <ul>
        <li>
          <strong>Stock coils</strong> (about 9 to 11 inches) suit most ground: start with the one your
          detector came with.
        </li>
        <li>
          <strong>Small coils</strong> (5 to 6 inches) separate targets in iron-infested or trashy ground and
          fit between hedges and roots.
        </li>
        <li>
          <strong>Large coils</strong> (13 inches or more) cover open fields and beaches faster and reach
          deeper, but are heavier and less precise.
        </li>
        <li>
          <strong>DD coils</strong> handle mineralised ground well and give a wide search pattern;{' '}
          <strong>concentric</strong> coils pinpoint easily and can be slightly deeper in mild soils.
        </li>
        <li>A coil cover protects the coil from wear on stubble and stones.</li>
      </ul>
    ),
  },
  {
    id: 'pinpointers',
    title: 'Pinpointers',
    body: (
      <p>
        A pinpointer is a small probe that finds the exact position of a target once you have dug the hole. It
        saves time, keeps holes small (landowners notice), and stops you from scratching finds with your
        tools. Choose a waterproof one in a bright colour and attach it to a lanyard: they are easy to lose in
        the grass.
      </p>
    ),
  },
  {
    id: 'digging-tools',
    title: 'Digging tools',
    body: (
      <ul>
        <li>
          <strong>Spade</strong>: a strong, narrow-bladed detecting spade with a sharpened or serrated edge
          and a foot step, for cutting neat turf flaps on fields.
        </li>
        <li>
          <strong>Trowel or digging knife</strong>: for gardens, parks (with permission) and shallow targets.
        </li>
        <li>
          <strong>Sand scoop</strong>: a perforated scoop for beaches; a long-handled one saves your back in
          the wet.
        </li>
        <li>
          <strong>Kneeling mat or spoil sheet</strong>: keeps the soil in one place so the hole can be
          refilled cleanly.
        </li>
      </ul>
    ),
  },
  {
    id: 'kit-bag',
    title: 'In the kit bag',
    body: (
      <ul>
        <li>Finds pouch with separate pockets for finds and junk (take the junk home).</li>
        <li>Small bags and a pen to label finds, and a ruler for photographs.</li>
        <li>Headphones: you hear faint signals and save battery.</li>
        <li>Gloves, water, snacks, sun cream or waterproofs.</li>
        <li>Phone with DigQuest for recording finds and locations offline, and a power bank.</li>
        <li>Spare batteries, a small first-aid kit, and your written permission.</li>
      </ul>
    ),
  },
  {
    id: 'care',
    title: 'Looking after your kit',
    body: (
      <>
        <p>
          Rinse salt and sand off after a beach session, dry the detector before storing it, and check cables
          and coil covers for wear. Store batteries charged but not full for long breaks.
        </p>
        <p>
          Questions about a machine or a setting? Ask in the <Link to="/forum">community forum</Link>. New to
          the hobby? Start with the <Link to="/guides">detecting guides</Link>.
        </p>
      </>
    ),
  },
];

export function EquipmentPage() {
  return (
    <ArticleLayout
      title="Equipment guide"
      description="Detectors, coils, pinpointers and digging tools: what they do and what to look for, without the sales pitch."
      sections={SECTIONS}
    />
  );
}
