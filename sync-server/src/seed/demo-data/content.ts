/**
 * The text of the demo community (`npm run seed:demo`): members, finds, forum posts and events.
 * Photos are the JPEGs beside this file, drawn by ../make-images.ts. Times are relative to the moment
 * the seed runs, so the demo always has recent activity and upcoming events.
 *
 * Finds follow UK practice on purpose: permission from the landowner, finds recorded with the Finds
 * Liaison Officer (Portable Antiquities Scheme), possible Treasure reported to the coroner.
 */
import type { FindPeriod } from '@schema/contracts/finds';
import type { FORUM_CATEGORIES } from '../initial';

export interface DemoMember {
  username: string;
  bio: string;
}

export interface DemoComment {
  by: DemoUsername;
  content: string;
  /** After the parent was posted. */
  hoursLater: number;
}

export interface DemoFind {
  owner: DemoUsername;
  title: string;
  description: string;
  period: FindPeriod;
  location: string;
  /** Approximate, but still only ever shown to the finder (docs/privacy.md#find-spots). */
  latitude: number;
  longitude: number;
  photo: string;
  daysAgo: number;
  likedBy: DemoUsername[];
  comments: DemoComment[];
}

export interface DemoPost {
  category: (typeof FORUM_CATEGORIES)[number]['slug'];
  author: DemoUsername;
  title: string;
  content: string;
  photo?: string;
  hoursAgo: number;
  views: number;
  likedBy: DemoUsername[];
  comments: DemoComment[];
}

export interface DemoEvent {
  organizer: DemoUsername;
  title: string;
  description: string;
  location: string;
  /** Negative for a past event. */
  daysFromNow: number;
  /** UTC hour and minute of the start. */
  at: [number, number];
  attendees: DemoUsername[];
}

export const DEMO_MEMBERS = [
  {
    username: 'FieldWalkerFran',
    bio: 'Twelve years on the Yorkshire Wolds. Roman coins, field walking, and far too much tea from a flask.',
  },
  {
    username: 'HammeredHarry',
    bio: 'Norfolk stubble and hammered silver. Member of a club that records every find with the FLO.',
  },
  {
    username: 'CoinQuestCarys',
    bio: 'Welsh borders detectorist, two years in. Still learning to trust the signal.',
  },
  {
    username: 'RelicRaj',
    bio: 'Wiltshire club secretary. Bronze Age is my happy place; I run our beginners’ days.',
  },
  {
    username: 'BeachcomberBen',
    bio: 'Cornish beaches after winter storms. I return lost rings for free — message me.',
  },
] as const satisfies readonly DemoMember[];

export type DemoUsername = (typeof DEMO_MEMBERS)[number]['username'];

export const DEMO_FINDS: DemoFind[] = [
  {
    owner: 'FieldWalkerFran',
    title: 'Trajan denarius from a ploughed Roman settlement',
    description:
      'Silver denarius of Trajan (AD 98–117), laureate bust right, IMP CAES NERVA TRAIAN AVG still mostly readable. Came up at about six inches on the edge of a known settlement after the field had been ploughed and rained on. Recorded with our Finds Liaison Officer.',
    period: 'Roman',
    location: 'Near Malton, North Yorkshire',
    latitude: 54.1362,
    longitude: -0.7971,
    photo: 'roman-denarius.jpg',
    daysAgo: 41,
    likedBy: ['HammeredHarry', 'RelicRaj', 'CoinQuestCarys'],
    comments: [
      {
        by: 'HammeredHarry',
        content: 'Cracking portrait on that. Trajan is one of my favourite busts.',
        hoursLater: 3,
      },
      {
        by: 'RelicRaj',
        content: 'Lovely tone. Did the FLO say anything about the settlement extent?',
        hoursLater: 20,
      },
    ],
  },
  {
    owner: 'HammeredHarry',
    title: 'Edward I long cross penny, London mint',
    description:
      'Hammered silver penny of Edward I (c. 1280), CIVITAS LONDON on the reverse with the long cross and three pellets in each angle. Slightly clipped but a nice even tone. Found on stubble on a permission I have worked for three seasons.',
    period: 'Medieval',
    location: 'Near Swaffham, Norfolk',
    latitude: 52.6486,
    longitude: 0.6873,
    photo: 'hammered-penny.jpg',
    daysAgo: 33,
    likedBy: ['FieldWalkerFran', 'BeachcomberBen'],
    comments: [
      {
        by: 'CoinQuestCarys',
        content: 'How do you tell Edward I from Edward II on these? They all look alike to me!',
        hoursLater: 6,
      },
    ],
  },
  {
    owner: 'FieldWalkerFran',
    title: 'Corieltauvi gold stater',
    description:
      'Could not believe it when this glinted in the hole. Uninscribed gold stater of the Corieltauvi with the disjointed horse and the wheel below. A single coin is not Treasure under the Act, but it has been recorded with the PAS and the landowner and I have agreed how to share it.',
    period: 'Iron Age',
    location: 'Near Sleaford, Lincolnshire',
    latitude: 52.9993,
    longitude: -0.4102,
    photo: 'iron-age-stater.jpg',
    daysAgo: 27,
    likedBy: ['HammeredHarry', 'CoinQuestCarys', 'RelicRaj', 'BeachcomberBen'],
    comments: [
      {
        by: 'BeachcomberBen',
        content: 'Gold! Congratulations, that is a once-in-a-lifetime coin.',
        hoursLater: 1,
      },
      {
        by: 'HammeredHarry',
        content: 'Superb. Good on you for sorting the agreement with the farmer first.',
        hoursLater: 5,
      },
      { by: 'CoinQuestCarys', content: 'This is the dream. I would have cried in the field.', hoursLater: 9 },
    ],
  },
  {
    owner: 'CoinQuestCarys',
    title: "Victoria 'bun head' penny, 1874",
    description:
      'Young head Victoria penny, dark chocolate patina, date just readable under the bust. Pasture near an old drovers’ road. These come up at every dig but this one is in better condition than most.',
    period: 'Victorian',
    location: 'Near Abergavenny, Monmouthshire',
    latitude: 51.8241,
    longitude: -3.0172,
    photo: 'victorian-penny.jpg',
    daysAgo: 22,
    likedBy: ['FieldWalkerFran'],
    comments: [],
  },
  {
    owner: 'RelicRaj',
    title: 'Early Saxon gilded disc brooch',
    description:
      'Copper-alloy disc brooch with traces of gilding, four red cell insets (glass or garnet — waiting to hear) and ring-and-dot punching around the rim. Pin missing. Probably 6th century. Because of the gilding the FLO advised reporting it to the coroner as possible Treasure, which I did within the 14 days.',
    period: 'Saxon',
    location: 'Near Wantage, Oxfordshire',
    latitude: 51.5885,
    longitude: -1.4263,
    photo: 'saxon-disc-brooch.jpg',
    daysAgo: 19,
    likedBy: ['FieldWalkerFran', 'HammeredHarry', 'CoinQuestCarys', 'BeachcomberBen'],
    comments: [
      {
        by: 'FieldWalkerFran',
        content: 'Stunning. Really good to see it reported properly, too.',
        hoursLater: 2,
      },
      { by: 'CoinQuestCarys', content: 'Did you leave the soil on it or clean it at all?', hoursLater: 4 },
      {
        by: 'RelicRaj',
        content: 'Left it exactly as it came out, in a padded box. Never clean anything like this!',
        hoursLater: 5,
      },
    ],
  },
  {
    owner: 'CoinQuestCarys',
    title: '14th-century D-shaped buckle with its pin',
    description:
      'Cast copper-alloy D-shaped buckle frame with the pin still in place, little knops on the frame. Came out of a clay field full of iron, so I was glad I had discrimination on. My first medieval find!',
    period: 'Medieval',
    location: 'Near Shrewsbury, Shropshire',
    latitude: 52.7073,
    longitude: -2.7545,
    photo: 'medieval-buckle.jpg',
    daysAgo: 15,
    likedBy: ['RelicRaj', 'HammeredHarry'],
    comments: [
      {
        by: 'RelicRaj',
        content: 'A pin still attached is unusual. Great first medieval piece!',
        hoursLater: 8,
      },
    ],
  },
  {
    owner: 'RelicRaj',
    title: 'Middle Bronze Age palstave',
    description:
      'Deep, solid signal on the edge of a wet hollow. About 15 cm long with side flanges and a stop ridge, lovely green patina, c. 1500–1150 BC. Photographed in the ground before lifting and the position recorded for the FLO, in case there is more down there.',
    period: 'Bronze Age',
    location: 'Near Devizes, Wiltshire',
    latitude: 51.3512,
    longitude: -1.9944,
    photo: 'bronze-age-palstave.jpg',
    daysAgo: 12,
    likedBy: ['FieldWalkerFran', 'CoinQuestCarys', 'BeachcomberBen'],
    comments: [
      { by: 'FieldWalkerFran', content: 'Textbook recording. That patina is gorgeous.', hoursLater: 2 },
    ],
  },
  {
    owner: 'HammeredHarry',
    title: 'Borre-style Viking strap end',
    description:
      'Copper-alloy strap end with knotwork and an animal-head terminal, two rivet holes at the split end. Anglo-Scandinavian, 9th–10th century. Found by my partner on her second ever outing — I have been at it for years!',
    period: 'Viking',
    location: 'Near Gainsborough, Lincolnshire',
    latitude: 53.3994,
    longitude: -0.7752,
    photo: 'viking-strap-end.jpg',
    daysAgo: 9,
    likedBy: ['RelicRaj', 'FieldWalkerFran'],
    comments: [
      {
        by: 'BeachcomberBen',
        content: 'Beginner’s luck is real. Tell her well done from Cornwall!',
        hoursLater: 12,
      },
    ],
  },
  {
    owner: 'BeachcomberBen',
    title: 'Byzantine follis of Justinian I',
    description:
      'Large bronze follis with the big M (40 nummi), ANNO to the left and regnal year XII to the right, officina B. Justinian I, struck AD 538/9 at Constantinople. How it reached a Cornish clifftop field is anyone’s guess — early medieval trade with the Mediterranean is one theory.',
    period: 'Byzantine Era',
    location: 'Near Padstow, Cornwall',
    latitude: 50.5412,
    longitude: -4.9392,
    photo: 'byzantine-follis.jpg',
    daysAgo: 7,
    likedBy: ['HammeredHarry', 'FieldWalkerFran', 'RelicRaj'],
    comments: [
      {
        by: 'HammeredHarry',
        content: 'Well that is not something you see every day. Recorded?',
        hoursLater: 1,
      },
      {
        by: 'BeachcomberBen',
        content: 'Yes — the FLO was very excited, there are only a handful from the county.',
        hoursLater: 3,
      },
    ],
  },
  {
    owner: 'FieldWalkerFran',
    title: 'Georgian gilt button with sunburst',
    description:
      'One-piece gilt button, about 1790–1820, engraved sunburst on the face and the shank intact on the back. "Treble gilt" backmark just readable.',
    period: 'Georgian',
    location: 'Near Thirsk, North Yorkshire',
    latitude: 54.2325,
    longitude: -1.3424,
    photo: 'georgian-button.jpg',
    daysAgo: 5,
    likedBy: ['CoinQuestCarys'],
    comments: [],
  },
  {
    owner: 'BeachcomberBen',
    title: 'Lost wedding ring returned to its owner',
    description:
      'Not old, but the best find of my year. A chap posted in a local group that he had lost his wedding ring in the surf. We searched the wet sand at low tide and it turned up within forty minutes, engraved inside with their wedding date. It is back on his finger.',
    period: 'Modern',
    location: 'Perranporth beach, Cornwall',
    latitude: 50.3474,
    longitude: -5.1561,
    photo: 'gold-ring.jpg',
    daysAgo: 3,
    likedBy: ['FieldWalkerFran', 'HammeredHarry', 'CoinQuestCarys', 'RelicRaj'],
    comments: [
      { by: 'CoinQuestCarys', content: 'This is what the hobby is about. Brilliant.', hoursLater: 2 },
      { by: 'RelicRaj', content: 'Made my day reading this.', hoursLater: 7 },
    ],
  },
  {
    owner: 'CoinQuestCarys',
    title: 'Lead spindle whorl — or a weight?',
    description:
      'Heavy lead disc with a central hole and two incised rings. Spindle whorl? Net weight? Could be Roman or could be 18th century — lead is so hard to date. Any ideas welcome!',
    period: 'Unknown',
    location: 'Near Ludlow, Shropshire',
    latitude: 52.3676,
    longitude: -2.7184,
    photo: 'lead-spindle-whorl.jpg',
    daysAgo: 1,
    likedBy: ['HammeredHarry'],
    comments: [
      {
        by: 'FieldWalkerFran',
        content: 'Looks like a whorl to me — the hole is nicely central and straight.',
        hoursLater: 4,
      },
    ],
  },
];

export const DEMO_POSTS: DemoPost[] = [
  {
    category: 'general-discussion',
    author: 'FieldWalkerFran',
    title: 'First frosty morning of the season — who is out this weekend?',
    content:
      'Ground is finally soft enough after the rain and the stubble is in. I am heading to the Wolds on Saturday morning with a flask and far too many sandwiches. Where is everyone else going? Remember your permission paperwork!',
    hoursAgo: 5,
    views: 86,
    likedBy: ['HammeredHarry', 'CoinQuestCarys'],
    comments: [
      { by: 'HammeredHarry', content: 'Norfolk for me, weather permitting. Good luck!', hoursLater: 1 },
      {
        by: 'BeachcomberBen',
        content: 'Beach for me — big swell forecast, should strip the sand nicely.',
        hoursLater: 2,
      },
    ],
  },
  {
    category: 'finds-identification',
    author: 'CoinQuestCarys',
    title: 'Help identifying a lead disc with a central hole',
    content:
      'Found this heavy lead disc (about 3 cm across) on pasture near Ludlow. Two incised rings on one face, nothing on the other. Is it a spindle whorl, a weight, or something else? Photo attached. Thanks in advance!',
    photo: 'lead-spindle-whorl.jpg',
    hoursAgo: 20,
    views: 143,
    likedBy: ['FieldWalkerFran'],
    comments: [
      {
        by: 'RelicRaj',
        content: 'Spindle whorl is my bet. Take it to your FLO — they see hundreds of these.',
        hoursLater: 2,
      },
      { by: 'CoinQuestCarys', content: 'Will do, recording day is next month. Thank you!', hoursLater: 3 },
    ],
  },
  {
    category: 'detectors-equipment',
    author: 'HammeredHarry',
    title: 'Best pinpointer for wet clay? Mine keeps falsing',
    content:
      'My pinpointer goes mad in wet, mineralised clay — constant chatter even after retuning. Has anyone found a model that behaves itself in heavy ground, or is there a setting I am missing?',
    hoursAgo: 50,
    views: 97,
    likedBy: [],
    comments: [
      {
        by: 'RelicRaj',
        content:
          'Drop the sensitivity a notch and retune away from the hole. Works for me on Wiltshire clay.',
        hoursLater: 4,
      },
    ],
  },
  {
    category: 'research-permissions',
    author: 'RelicRaj',
    title: 'How I got my first farm permission',
    content:
      'A short, polite letter, proof of insurance, a written finds agreement offered up front, and a promise to fill every hole. I also offered to look for lost tools and keys. Happy to share the template — reply below and I will post it.',
    hoursAgo: 90,
    views: 212,
    likedBy: ['CoinQuestCarys', 'BeachcomberBen', 'FieldWalkerFran'],
    comments: [
      {
        by: 'CoinQuestCarys',
        content: 'Yes please! I have been too nervous to knock on doors.',
        hoursLater: 6,
      },
    ],
  },
  {
    category: 'treasure-pas',
    author: 'RelicRaj',
    title: 'Reported my first possible Treasure — here is how it went',
    content:
      'My gilded brooch counts as possible Treasure because of the gilding. Called the FLO the same day, who helped with the coroner report well inside the 14 days. Everyone was friendly and clear. If you are unsure, ask your FLO — it costs nothing.',
    hoursAgo: 140,
    views: 175,
    likedBy: ['FieldWalkerFran', 'HammeredHarry'],
    comments: [],
  },
  {
    category: 'beach-foreshore',
    author: 'BeachcomberBen',
    title: 'Winter storms have stripped the north Cornish beaches',
    content:
      'After last week’s storms there are clay layers showing at low tide in several coves. Check the tide tables, watch the cliffs, and go with a mate. Found three modern rings and a Georgian buckle in two tides.',
    hoursAgo: 30,
    views: 64,
    likedBy: ['FieldWalkerFran'],
    comments: [{ by: 'HammeredHarry', content: 'Jealous. Stay safe out there.', hoursLater: 3 }],
  },
  {
    category: 'clubs-rallies',
    author: 'RelicRaj',
    title: 'Club dig report: 43 detectorists, 1 palstave',
    content:
      'Thanks to everyone who came to the Wiltshire club dig. 43 members, 200 acres, lots of buttons and musket balls, a few hammered coins and — the star — a Middle Bronze Age palstave. Everything is going to the FLO at the recording day.',
    hoursAgo: 260,
    views: 158,
    likedBy: ['HammeredHarry', 'CoinQuestCarys', 'FieldWalkerFran'],
    comments: [],
  },
  {
    category: 'wellbeing',
    author: 'CoinQuestCarys',
    title: 'Detecting got me through a rough year',
    content:
      'Two years ago I was struggling. A friend lent me an old detector and I started going out on Sunday mornings. Fresh air, walking for hours, and a reason to talk to people. Whatever you find, the day out is the real treasure.',
    hoursAgo: 70,
    views: 121,
    likedBy: ['FieldWalkerFran', 'RelicRaj', 'BeachcomberBen', 'HammeredHarry'],
    comments: [{ by: 'BeachcomberBen', content: 'Thank you for sharing this. Same for me.', hoursLater: 5 }],
  },
];

export const DEMO_EVENTS: DemoEvent[] = [
  {
    organizer: 'FieldWalkerFran',
    title: "Beginners' field day — Vale of York",
    description:
      'A relaxed morning for new detectorists: settings, digging a neat plug, recording finds, and the law. Loan machines available. Permission arranged with the farmer.',
    location: 'Easingwold, North Yorkshire',
    daysFromNow: 9,
    at: [9, 30],
    attendees: ['CoinQuestCarys', 'HammeredHarry'],
  },
  {
    organizer: 'RelicRaj',
    title: 'Charity club dig for the air ambulance',
    description:
      'Members and guests welcome. 150 acres of stubble with a Roman road alongside. All finds shown to the FLO on the day. Entry fee goes to the air ambulance.',
    location: 'Near Devizes, Wiltshire',
    daysFromNow: 23,
    at: [8, 0],
    attendees: ['FieldWalkerFran', 'HammeredHarry', 'BeachcomberBen', 'CoinQuestCarys'],
  },
  {
    organizer: 'HammeredHarry',
    title: 'Finds recording day with the FLO',
    description:
      'Bring your finds, with find spots, for recording with the Portable Antiquities Scheme. Tea and biscuits provided.',
    location: 'Lincoln, Lincolnshire',
    daysFromNow: 41,
    at: [10, 0],
    attendees: ['FieldWalkerFran', 'RelicRaj'],
  },
  {
    organizer: 'BeachcomberBen',
    title: 'Winter storm beach hunt',
    description:
      'Low-tide hunt after the storms. Meet at the lifeguard hut; check the tide times and wear proper boots.',
    location: 'Perranporth, Cornwall',
    daysFromNow: -18,
    at: [7, 45],
    attendees: ['HammeredHarry', 'CoinQuestCarys', 'RelicRaj'],
  },
];
