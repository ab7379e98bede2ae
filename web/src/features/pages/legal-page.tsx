import { Link } from 'react-router';
import { ArticleLayout, Callout, type ArticleSection } from './article-layout';

const SECTIONS: ArticleSection[] = [
  {
    id: 'permission',
    title: 'Landowner permission, in writing',
    body: (
      <>
        <p>
          All land in the UK belongs to someone, and you need the owner's permission before you detect on it.
          A public footpath gives you a right to walk along it, not to detect on it or dig beside it. In
          Scotland, the right of responsible access does not cover metal detecting either.
        </p>
        <ul>
          <li>
            <strong>Get it in writing.</strong> A signed permission letter or form naming the land, the dates
            and who may detect protects you, the landowner and any finds.
          </li>
          <li>
            <strong>Agree a finds agreement up front</strong>: who keeps what, and how any reward is shared.
            Treasure rewards are normally split between finder and landowner unless you agree otherwise.
          </li>
          <li>
            If someone else farms the land (a tenant), get their agreement too: they know where crops, drains
            and livestock are.
          </li>
          <li>Carry your permission with you; you may be asked for it.</li>
        </ul>
        <Callout title="No permission = no detecting">
          Detecting without permission is trespass, and taking finds away without the owner's consent can be
          theft. Night-time detecting on land without permission ("nighthawking") is a crime that robs
          everyone of history.
        </Callout>
      </>
    ),
  },
  {
    id: 'treasure-act',
    title: 'The Treasure Act 1996 (England, Wales and Northern Ireland)',
    body: (
      <>
        <p>Under the Treasure Act, the following finds are legally treasure:</p>
        <ul>
          <li>
            any object at least 300 years old, other than a coin, with at least 10% gold or silver by weight;
          </li>
          <li>
            two or more coins from the same find that are at least 300 years old and contain at least 10% gold
            or silver (for coins with less precious metal, at least ten of them);
          </li>
          <li>two or more prehistoric base-metal objects from the same find;</li>
          <li>any object found with treasure (for example, the pot a hoard was buried in);</li>
          <li>
            in England, since July 2023, also metal objects at least 200 years old that give an exceptional
            insight into national or regional history, archaeology or culture.
          </li>
        </ul>
        <Callout title="Report possible treasure to the coroner within 14 days">
          If you find something that might be treasure, you must report it to the coroner for the district
          where it was found within 14 days of finding it, or of realising it might be treasure. Failing to
          report is a criminal offence. Your local Finds Liaison Officer will usually make the report for you,
          and will tell you what happens next.
        </Callout>
        <p>
          After a report, a museum may wish to acquire the find. An independent committee values it, and the
          reward (the market value) is normally shared between the finder and the landowner. If no museum
          wants it, the find is returned. Keep possible treasure as you found it: don't clean it, and keep a
          group of objects together.
        </p>
      </>
    ),
  },
  {
    id: 'pas',
    title: 'The Portable Antiquities Scheme and Finds Liaison Officers',
    body: (
      <>
        <p>
          The Portable Antiquities Scheme (PAS) records archaeological objects found by the public in England
          and Wales. Recording non-treasure finds is voluntary, but it is what turns a find into knowledge:
          the object and its findspot go into a national database that archaeologists use to understand the
          past.
        </p>
        <ul>
          <li>
            Finds Liaison Officers (FLOs) are based around the country. They identify and photograph your
            finds, record them, and return them to you.
          </li>
          <li>Many FLOs visit detecting clubs and rallies, or hold regular finds days.</li>
          <li>
            Record the findspot as accurately as you can (an eight-figure or better grid reference). Exact
            spots are kept private on the public database.
          </li>
          <li>
            Find your FLO and the database at{' '}
            <a href="https://finds.org.uk" rel="noopener noreferrer" target="_blank">
              finds.org.uk
            </a>
            .
          </li>
        </ul>
        <p>
          DigQuest follows the same principle: your exact find spots are visible only to you. See{' '}
          <Link to="/guides#recording">recording finds</Link> for a checklist.
        </p>
      </>
    ),
  },
  {
    id: 'protected-sites',
    title: 'Scheduled monuments and protected land',
    body: (
      <>
        <Callout title="Scheduled monuments are off-limits">
          Using a metal detector on a scheduled monument, or removing objects from one, without consent is a
          criminal offence under the Ancient Monuments and Archaeological Areas Act 1979. Permission from the
          landowner is not enough.
        </Callout>
        <ul>
          <li>
            Check before you go: the National Heritage List for England, Cadw (Wales), Historic Environment
            Scotland and the Northern Ireland Sites and Monuments Record show protected sites.
          </li>
          <li>
            Sites of Special Scientific Interest (SSSIs), nature reserves and some common land need extra
            consent.
          </li>
          <li>
            Beaches and foreshore have owners too: much of it belongs to The Crown Estate, but councils, the
            National Trust and private estates own large stretches. Check who owns the beach and follow their
            rules.
          </li>
          <li>
            Anything from a shipwreck, including items washed ashore, must be reported to the Receiver of
            Wreck within 28 days.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'scotland',
    title: 'Scotland: Treasure Trove is different',
    body: (
      <>
        <p>
          The Treasure Act does not apply in Scotland. Under Scots law, ownerless objects belong to the Crown
          whatever their age or material, and <strong>all</strong> archaeological finds must be reported, not
          just gold and silver: pottery, a bronze brooch or a stone tool count too.
        </p>
        <ul>
          <li>Report finds to the Treasure Trove Unit, which is based at National Museums Scotland.</li>
          <li>
            A panel decides whether the Crown claims a find and which museum receives it. The finder (not the
            landowner) may receive a reward.
          </li>
          <li>You still need the landowner's permission to detect.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'northern-ireland',
    title: 'Northern Ireland',
    body: (
      <p>
        The Treasure Act applies, but searching for archaeological objects also needs a licence from the
        Department for Communities, and archaeological finds must be reported. Check the department's current
        guidance before you detect there.
      </p>
    ),
  },
  {
    id: 'safety',
    title: 'Dangerous and sensitive finds',
    body: (
      <ul>
        <li>
          <strong>Unexploded ordnance</strong> (shells, grenades, bombs, bullets): don't touch or move it.
          Mark the spot from a safe distance and call the police on 999.
        </li>
        <li>
          <strong>Human remains</strong>: stop digging and report to the police. Do not disturb the site
          further.
        </li>
      </ul>
    ),
  },
];

/**
 * What UK detectorists must know about the law (docs/privacy.md#the-uk-legal-frame). Plain guidance, not
 * legal advice.
 */
export function LegalPage() {
  return (
    <ArticleLayout
      title="Detecting and the law"
      description="Permission, treasure and recording: the rules every detectorist in the UK should know before the first swing."
      notice={
        <Callout title="Guidance, not legal advice" tone="lime">
          This page summarises the law as we understand it. Rules change, and they differ between England,
          Wales, Scotland and Northern Ireland: check the official guidance on GOV.UK and with your Finds
          Liaison Officer when in doubt.
        </Callout>
      }
      sections={SECTIONS}
      footer={
        <p className="text-stone-600 dark:text-stone-400">
          New to the hobby? Read our{' '}
          <Link className="text-lime-800 underline dark:text-lime-400" to="/guides">
            detecting guides
          </Link>{' '}
          and ask questions in the{' '}
          <Link className="text-lime-800 underline dark:text-lime-400" to="/forum">
            community forum
          </Link>
          .
        </p>
      }
    />
  );
}
