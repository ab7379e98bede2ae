/**
 * The first look of the Wellbeing Hub and a story's page (docs/architecture.md "First paint"), as
 * web/src/features/wellbeing/pages/* and StoryCard draw them, for a visitor signed out: the hub's own words
 * (schema/contracts/wellbeing-content.ts) and the newest stories.
 */
import { storyMessages } from '@schema/contracts/stories-constants';
import type { Story } from '@schema/contracts/stories';
import { maskEmailLike } from '@schema/contracts/users-display';
import {
  GETTING_STARTED,
  MENTAL_BENEFITS,
  PHYSICAL_BENEFITS,
  type Benefit,
} from '@schema/contracts/wellbeing-content';
import {
  backLink,
  buttonLook,
  formatDay,
  icon,
  likeCount,
  pageHeading,
  text,
  wrap,
  type Html,
} from './markup';

/** The hub's first look shows the newest stories up to this many (they sit below its first screen). */
export const PREVIEW_STORIES = 3;

const yearsLabel = (years: number | null) =>
  years === null
    ? null
    : years === 0
      ? 'New to detecting'
      : `${years} ${years === 1 ? 'year' : 'years'} detecting`;

/** StoryCard (web/src/features/wellbeing/components/story-card.tsx) signed out; `clamp` on the hub. */
function storyCard(story: Story, clamp: boolean): Html {
  const name = maskEmailLike(story.username);
  const years = yearsLabel(story.yearsDetecting);
  const cutShort = clamp && (story.content.length > 320 || story.content.split('\n').length > 6);
  return (
    `<div class="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-700 dark:bg-stone-900">` +
    `<div class="flex items-start justify-between gap-2"><div class="flex items-center gap-3">` +
    `<span class="size-10 shrink-0 rounded-full bg-stone-200 dark:bg-stone-700"></span>` +
    `<div class="flex min-w-0 flex-col"><span class="truncate font-semibold">${text(name)}</span>` +
    `<span class="text-sm text-stone-600 dark:text-stone-400">${years ? `${text(years)} · ` : ''}${text(formatDay(story.created_at))}</span></div>` +
    `</div></div>` +
    `<p class="whitespace-pre-line break-words leading-relaxed${clamp ? ' line-clamp-6' : ''}">${text(story.content)}</p>` +
    `<div class="flex flex-wrap items-center gap-1">${likeCount(story.likeCount)}` +
    `<span class="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-stone-700 dark:text-stone-200">${icon('messageCircle', 'size-4')}Comments (${story.commentCount})</span>` +
    (cutShort
      ? `<span class="px-2 text-sm font-medium text-lime-800 dark:text-lime-300">Read the whole story</span>`
      : '') +
    `</div></div>`
  );
}

const storyList = (stories: readonly Story[], clamp: boolean) =>
  `<ul class="flex flex-col gap-4">${stories.map((story) => `<li>${storyCard(story, clamp)}</li>`).join('')}</ul>`;

/** BenefitCards and GettingStarted (web/src/features/wellbeing/components/hub-sections.tsx). */
function benefitCard(title: string, iconName: 'brain' | 'footprints', items: readonly Benefit[]): Html {
  return (
    `<div class="flex flex-col gap-3 rounded-xl bg-amber-50 p-5 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50">` +
    `<div class="flex items-center gap-2 text-lg font-semibold">${icon(iconName, 'size-5')} ${text(title)}</div>` +
    `<ul class="flex flex-col gap-2">${items.map((item) => `<li><span class="font-medium">${text(item.title)}</span><span class="block text-sm opacity-90">${text(item.text)}</span></li>`).join('')}</ul>` +
    `</div>`
  );
}

function hubSection(title: string, body: Html): Html {
  return `<div class="flex flex-col gap-4"><div class="text-2xl font-bold">${text(title)}</div>${body}</div>`;
}

/** `/wellbeing`: the hub's heading, benefits, first steps and newest stories, as wellbeing-page.tsx. */
export function wellbeingPreview(stories: readonly Story[]): Html {
  if (stories.length === 0) return '';
  const steps = GETTING_STARTED.map(
    (step, i) =>
      `<li class="flex flex-col gap-1 rounded-xl border border-stone-200 p-4 dark:border-stone-700">` +
      `<span class="flex size-8 items-center justify-center rounded-full bg-lime-700 font-bold text-white">${i + 1}</span>` +
      `<span class="font-semibold">${text(step.title)}</span><span class="text-sm text-stone-700 dark:text-stone-300">${text(step.text)}</span></li>`,
  ).join('');
  return wrap(
    '/wellbeing',
    `<div class="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10 flex flex-col gap-12">` +
      pageHeading(
        'Wellbeing Hub',
        'Fresh air, miles of gentle walking, patient focus and good company. However you came to detecting, you are welcome here, and so are your good days and your harder ones.',
      ) +
      hubSection(
        'How detecting helps',
        `<div class="grid gap-4 md:grid-cols-2">${benefitCard('Mental benefits', 'brain', MENTAL_BENEFITS)}${benefitCard('Physical benefits', 'footprints', PHYSICAL_BENEFITS)}</div>`,
      ) +
      hubSection('Getting started', `<ol class="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">${steps}</ol>`) +
      `<div class="flex flex-col gap-4"><div class="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">` +
      `<div class="flex flex-col gap-1"><div class="text-2xl font-bold">Community stories</div>` +
      `<p class="text-stone-700 dark:text-stone-300">Detectorists on what time in the fields has meant to them.</p></div>` +
      // ShareStoryButton signed out: disabled, with why under it.
      `<div class="flex flex-col items-start gap-1">${buttonLook('Share Your Story', 'penLine', 'default', true)}` +
      `<p class="text-sm text-stone-600 dark:text-stone-400">${text(storyMessages.loginToShare)}</p></div>` +
      `</div>${storyList(stories, true)}</div>` +
      `</div>`,
  );
}

/** `/wellbeing/stories/{id}`: the whole story under its heading, as story-page.tsx. */
export function storyPagePreview(pathname: string, story: Story | null): Html {
  if (!story) return '';
  return wrap(
    pathname,
    `<div class="mx-auto w-full px-4 py-8 sm:py-10 flex max-w-3xl flex-col gap-6">` +
      backLink('Back to Wellbeing') +
      `<div class="text-3xl font-bold tracking-tight">A detectorist’s story</div>` +
      storyList([story], false) +
      `</div>`,
  );
}
