/**
 * The Wellbeing Hub's and the home section's words (docs/product/stories.md "Screens"): written for people
 * who detect partly for their wellbeing — warm, plain, never clinical. The sample stories and events are
 * shown only while there are no real ones, greyed and marked as examples (docs/product/stories.md
 * "States"). Shared with the server, which writes the hub's first look (docs/architecture.md "First paint").
 */

export interface Benefit {
  title: string;
  text: string;
}

export const MENTAL_BENEFITS: readonly Benefit[] = [
  {
    title: 'A quieter mind',
    text: 'Sweeping a field slowly, listening for the next signal, leaves little room for worry. Many of us come home calmer than we left.',
  },
  {
    title: 'Something to look forward to',
    text: 'A dig on Saturday, a find to research on a wet Tuesday: small plans give a week its shape.',
  },
  {
    title: 'Good company, at your own pace',
    text: 'Club digs, rallies and a friendly forum, or a morning on your own. Both count, and both help.',
  },
];

export const PHYSICAL_BENEFITS: readonly Benefit[] = [
  {
    title: 'Miles without noticing',
    text: 'A few hours on a field is often five or more miles of walking, with plenty of bending and digging.',
  },
  {
    title: 'Fresh air and daylight',
    text: 'Time outdoors in all seasons helps sleep, mood and a good appetite for lunch.',
  },
  {
    title: 'Gentle and adaptable',
    text: 'Go as slowly as you like, rest when you need to, and stop whenever you have had enough.',
  },
];

export const GETTING_STARTED: readonly Benefit[] = [
  {
    title: 'Start small',
    text: 'A simple entry-level detector and a trowel are plenty. Borrow one from a club member if you can.',
  },
  {
    title: 'Ask permission',
    text: 'Always get the landowner’s permission first, and know the Treasure Act and the Portable Antiquities Scheme.',
  },
  {
    title: 'Join others',
    text: 'Come to a group dig or club evening: people are glad to show newcomers the ropes.',
  },
  {
    title: 'Go gently',
    text: 'Set your own pace, take breaks and a flask, and enjoy being out whatever turns up.',
  },
];

export interface HelpLine {
  name: string;
  how: string;
  href: string;
  text: string;
}

/** UK support, for the days when detecting is not enough on its own. */
export const HELP_LINES: readonly HelpLine[] = [
  {
    name: 'Samaritans',
    how: 'Call 116 123',
    href: 'tel:116123',
    text: 'Free, any time of day or night, whatever you are going through.',
  },
  {
    name: 'Shout',
    how: 'Text SHOUT to 85258',
    href: 'sms:85258?body=SHOUT',
    text: 'Free, confidential text support, 24/7, if talking feels too much.',
  },
  {
    name: 'Mind',
    how: 'Call 0300 123 3393',
    href: 'tel:03001233393',
    text: 'Information and advice about mental health and where to find help near you.',
  },
];

export interface SampleStory {
  name: string;
  years: number;
  text: string;
}

export const SAMPLE_STORIES: readonly SampleStory[] = [
  {
    name: 'Dave, Lincolnshire',
    years: 6,
    text: 'After I retired I hardly left the house. A neighbour lent me his old detector, and now I walk miles every weekend and have a whole club of friends.',
  },
  {
    name: 'Priya, Kent',
    years: 2,
    text: 'On anxious days the steady beep-beep and the open sky settle me like nothing else. Finding my first hammered penny was a bonus.',
  },
  {
    name: 'Tom, Norfolk',
    years: 11,
    text: 'Detecting got me through a hard year. The field doesn’t care how you feel; it just asks you to keep looking, and slowly I did.',
  },
];

export interface SampleEvent {
  title: string;
  date: string;
  where: string;
}

export const SAMPLE_EVENTS: readonly SampleEvent[] = [
  { title: 'Beginners’ beach detecting morning', date: '15 June', where: 'Whitstable, Kent' },
  { title: 'Wellbeing walk and detect', date: '10 July', where: 'South Downs, Sussex' },
  { title: 'Community rally on permission farmland', date: '24 July', where: 'Norfolk' },
];
