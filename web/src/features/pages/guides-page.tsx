import { Link } from 'react-router';
import { ArticleLayout, Callout, type ArticleSection } from './article-layout';

const SECTIONS: ArticleSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    body: (
      <>
        <p>
          Metal detecting gets you outdoors, walking for hours, and every signal could be a piece of history.
          Most of what you dig will be ring pulls, foil and shotgun caps; that's normal, and patience is the
          main skill.
        </p>
        <ol>
          <li>
            <strong>Start simple.</strong> A beginner-friendly detector with its stock coil is enough for
            years. See our <Link to="/equipment">equipment guide</Link>.
          </li>
          <li>
            <strong>Learn your machine at home.</strong> Bury a few test objects (a coin, a nail, foil, a ring
            pull) in the garden and learn how each sounds and reads.
          </li>
          <li>
            <strong>Swing low and slow.</strong> Keep the coil parallel to and just above the ground,
            overlapping each sweep.
          </li>
          <li>
            <strong>Join a club or a group dig.</strong> Experienced detectorists share permissions, knowledge
            and finds identification. Look for <Link to="/events">events</Link> near you.
          </li>
          <li>
            <strong>Know the law</strong> before your first outing: read the{' '}
            <Link to="/legal">legal guide</Link>.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: 'permission',
    title: 'Finding permission',
    body: (
      <>
        <p>Every field has an owner, and a good permission is worth more than any detector. Ways in:</p>
        <ul>
          <li>Ask friends, family and colleagues: someone often knows a farmer.</li>
          <li>
            Knock on farmhouse doors politely, outside busy times such as harvest and lambing, or leave a
            short letter explaining who you are, what you do and how you look after the land.
          </li>
          <li>
            Offer something back: share finds, help find lost items (keys, rings, tractor parts), and tell the
            landowner about everything you recover.
          </li>
          <li>
            Show that you record finds with the Portable Antiquities Scheme and have public liability
            insurance.
          </li>
          <li>Club and organised rally digs come with permission already arranged.</li>
        </ul>
        <Callout title="Get it in writing" tone="lime">
          Agree the land, dates and a finds-sharing agreement on paper, signed by you and the landowner. Keep
          a copy with you when you detect.
        </Callout>
      </>
    ),
  },
  {
    id: 'etiquette',
    title: 'Etiquette and the Countryside Code',
    body: (
      <>
        <p>Good manners keep permissions. The Countryside Code in short:</p>
        <ul>
          <li>
            <strong>Respect everyone</strong>: be considerate to those living, working and enjoying the
            outdoors. Leave gates and property as you find them.
          </li>
          <li>
            <strong>Protect the environment</strong>: take your litter home (and the junk you dig up), keep
            dogs under control, and don't disturb livestock or wildlife.
          </li>
          <li>
            <strong>Enjoy the outdoors</strong>: check the weather and plan ahead, and tell someone where
            you're going.
          </li>
        </ul>
        <h3>Detecting etiquette</h3>
        <ul>
          <li>Fill every hole and replace the turf so nobody could tell you were there.</li>
          <li>Detect on stubble or pasture; never on growing crops unless the farmer agrees.</li>
          <li>Keep away from livestock, especially ewes at lambing and cows with calves.</li>
          <li>Stay within the area you were given, and leave when asked.</li>
          <li>
            Follow the Code of Practice for Responsible Metal Detecting in England and Wales, agreed by
            detecting and archaeology bodies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'digging',
    title: 'Digging a clean hole',
    body: (
      <ol>
        <li>
          Pinpoint the target with the detector, then cut a neat flap of turf on three sides (a horseshoe).
        </li>
        <li>Fold the flap back and put the loose soil on a mat or sheet so none is lost.</li>
        <li>Use a pinpointer to find the target in the hole or in the spoil.</li>
        <li>
          Check the hole again for a second signal, then put back the soil and press the flap down firmly.
        </li>
      </ol>
    ),
  },
  {
    id: 'recording',
    title: 'Recording your finds',
    body: (
      <>
        <p>A find without its findspot loses most of its story. For anything that may be old:</p>
        <ul>
          <li>
            Record the location on the spot: a GPS position or an eight-figure (or better) grid reference.
            DigQuest stores it privately and works without signal.
          </li>
          <li>Bag each find separately and label it with the date and a reference to its location.</li>
          <li>Photograph it with a scale (a ruler) and note the depth and what the ground was like.</li>
          <li>
            Don't clean old coins or metalwork: you can destroy detail and value. Let the Finds Liaison
            Officer see it as found.
          </li>
          <li>
            Show your finds to your local Finds Liaison Officer for recording with the Portable Antiquities
            Scheme, and report possible treasure within 14 days (see the <Link to="/legal">legal guide</Link>
            ).
          </li>
        </ul>
        <p>
          Then share it with the community in the <Link to="/finds">Finds Gallery</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'safety',
    title: 'Staying safe',
    body: (
      <ul>
        <li>Wear gloves: fields can hold broken glass, sharp metal and chemicals.</li>
        <li>Never touch anything that looks like ordnance; note the spot and call 999.</li>
        <li>Check tide times before detecting a beach or foreshore, and watch for soft mud.</li>
        <li>Carry water, a charged phone and a small first-aid kit, and let someone know your plans.</li>
      </ul>
    ),
  },
];

export function GuidesPage() {
  return (
    <ArticleLayout
      title="Detecting guides"
      description="Everything a new detectorist needs for the first season: getting started, finding permission, field manners and recording what you find."
      sections={SECTIONS}
    />
  );
}
