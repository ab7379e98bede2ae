/**
 * The building blocks of a content page's first look (docs/architecture.md "First paint"): escaped text,
 * the lucide icons the pages draw, the page header, search fields, badges, dates and counts, each written
 * with the classes of the app component it stands for, so the app can take over without anything moving.
 * This folder is a Tailwind source (web/src/index.css), so every class here is in the stylesheet.
 */
import { BADGE_BASE_CLASSES, periodBadgeClasses } from '@schema/contracts/period-badge-classes';
import { escapeAttribute } from '../lib/page-hints';

export type Html = string;

/** Counts and their nouns as the forum writes them (web/src/features/forum/model/format.ts countLabel). */
export const EN_GB_NUMBER = new Intl.NumberFormat('en-GB');
export const countLabel = (n: number, one: string) =>
  `${EN_GB_NUMBER.format(n)} ${n === 1 ? one : `${one}s`}`;

/**
 * '5 Mar 2024' as web/src/lib/dates.ts formatDay writes it, on the UK's calendar (the browser uses its own
 * time zone: for a find logged abroad near midnight the app's date may differ by a day).
 */
const UK_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: string) => UK_DAY.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${MONTHS[Number(part('month')) - 1] ?? ''} ${part('year')}`;
}

/** The lucide icons the pages draw here (their path data), at the size and stroke lucide-react gives them. */
const ICONS = {
  plus: '<path d="M5 12h14"/><path d="M12 5v14"/>',
  mapPin:
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>',
  search: '<path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/>',
  arrowLeft: '<path d="m12 19-7-7 7-7"/><path d="M19 12H5"/>',
  arrowBigUp:
    '<path d="M9 19a1 1 0 0 0 1 1h4a1 1 0 0 0 1-1v-6a1 1 0 0 1 1-1h3.293a.707.707 0 0 0 .5-1.207l-7.086-7.086a1 1 0 0 0-1.414 0l-7.086 7.086a.707.707 0 0 0 .5 1.207H8a1 1 0 0 1 1 1z"/>',
  messageCircle:
    '<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"/>',
  heart:
    '<path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"/>',
  calendarDays:
    '<path d="M8 2v3"/><path d="M16 2v3"/><rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18"/><path d="M8 13h.01"/><path d="M12 13h.01"/><path d="M16 13h.01"/><path d="M8 17h.01"/><path d="M12 17h.01"/><path d="M16 17h.01"/>',
  users:
    '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><path d="M16 3.128a4 4 0 0 1 0 7.744"/><path d="M22 21v-2a4 4 0 0 0-3-3.87"/><circle cx="9" cy="7" r="4"/>',
  calendarCheck:
    '<path d="M8 2v3"/><path d="M16 2v3"/><rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18"/><path d="m9 15 2 2 4-4"/>',
  share2:
    '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><line x1="8.59" x2="15.42" y1="13.51" y2="17.49"/><line x1="15.41" x2="8.59" y1="6.51" y2="10.49"/>',
  calendarPlus:
    '<path d="M16 18h6"/><path d="M16 2v3"/><path d="M19 15v6"/><path d="M21 11.5V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h8.3"/><path d="M3 9h18"/><path d="M8 2v3"/>',
  brain:
    '<path d="M12 18V5"/><path d="M15 13a4.17 4.17 0 01-3-4 4.17 4.17 0 01-3 4"/><path d="M17.707 6.294A3 3 0 1012 5a3 3 0 10-5.707 1.294"/><path d="M17.996 5.125a4 4 0 012.526 5.77"/><path d="M18 18a4 4 0 002-7.465"/><path d="M19.967 17.482a4 4 0 11-7.967.517 4 4 0 11-7.967-.517"/><path d="M6 18a4 4 0 01-2-7.465"/><path d="M6.004 5.125a4 4 0 00-2.526 5.77"/>',
  footprints:
    '<path d="M4 16v-2.38C4 11.5 2.97 10.5 3 8c.03-2.72 1.49-6 4.5-6C9.37 2 10 3.8 10 5.5c0 3.11-2 5.66-2 8.68V16a2 2 0 1 1-4 0Z"/><path d="M20 20v-2.38c0-2.12 1.03-3.12 1-5.62-.03-2.72-1.49-6-4.5-6C14.63 6 14 7.8 14 9.5c0 3.11 2 5.66 2 8.68V20a2 2 0 1 0 4 0Z"/><path d="M16 17h4"/><path d="M4 13h4"/>',
  penLine:
    '<path d="M13 21h8"/><path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z"/>',
  loaderCircle: '<path d="M21 12a9 9 0 1 1-6.219-8.56"/>',
  chevronUp: '<path d="m18 15-6-6-6 6"/>',
  globe:
    '<circle cx="12" cy="12" r="10"/><path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"/><path d="M2 12h20"/>',
  tag: '<path d="M12.586 2.586A2 2 0 0 0 11.172 2H4a2 2 0 0 0-2 2v7.172a2 2 0 0 0 .586 1.414l8.704 8.704a2.426 2.426 0 0 0 3.42 0l6.58-6.58a2.426 2.426 0 0 0 0-3.42z"/><circle cx="7.5" cy="7.5" r=".5" fill="currentColor"/>',
  eye: '<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"/><circle cx="12" cy="12" r="3"/>',
} as const;

export function icon(name: keyof typeof ICONS, classes: string): Html {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${classes}">${ICONS[name]}</svg>`;
}

export function periodBadge(period: string, extra = ''): Html {
  return `<span class="${BADGE_BASE_CLASSES} ${periodBadgeClasses(period)}${extra}">${text(period || 'Unknown')}</span>`;
}

export const text = (value: string) => escapeAttribute(value);
export const sameOrigin = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${escapeAttribute(value)}"`]))
    .join('');
}

/** The preview's outermost element: the client keeps the shell up while its path is the page's. */
export function wrap(pathname: string, body: Html): Html {
  return `<div id="boot-preview" data-path="${escapeAttribute(pathname)}">${body}</div>`;
}

/**
 * A layout shell rather than a first look: the page's frame as its first render draws it, with no records.
 * It carries no `data-path`, so the app ends it with its first render (web/src/lib/boot-shell.ts) and the
 * page, drawn in the same place, follows without a wait or a move.
 */
export function wrapShell(body: Html, classes?: string): Html {
  return `<div id="boot-preview" data-shell="layout"${attributes({ class: classes })}>${body}</div>`;
}

/** PageHeader (web/src/components/ui/page-header.tsx), its h1 as a plain block: the shell is not read. */
export function pageHeader(title: string, description: string, action: string, disabled = false): Html {
  return pageHeading(title, description, {
    descriptionOnPhones: false,
    actions: `<span class="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-lime-800 px-4 text-base font-medium whitespace-nowrap text-white shadow-sm${disabled ? ' opacity-50' : ''}">${icon('plus', 'size-4 shrink-0')}${text(action)}</span>`,
  });
}

/**
 * PageHeader with what a signed-out visitor sees beside the title: `actions` as markup (none on most
 * pages), and the description on every width, as the app draws it (the finds and forum headers show it from
 * `sm` up only).
 */
export function pageHeading(
  title: string,
  description: string,
  { actions = '', descriptionOnPhones = true }: { actions?: Html; descriptionOnPhones?: boolean } = {},
): Html {
  const lead = descriptionOnPhones
    ? text(description)
    : `<span class="hidden sm:inline">${text(description)}</span>`;
  return (
    `<div class="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">` +
    `<div class="flex flex-col gap-2">` +
    `<div class="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-stone-50">${text(title)}</div>` +
    `<p class="max-w-2xl text-lg text-stone-600 dark:text-stone-400">${lead}</p>` +
    `</div>` +
    (actions ? `<div class="flex flex-wrap gap-2">${actions}</div>` : '') +
    `</div>`
  );
}

/** A Button as text (buttonClasses, web/src/components/ui/button.tsx): md size, default or outline. */
export function buttonLook(
  label: string,
  iconName: keyof typeof ICONS | null,
  variant: 'default' | 'outline',
  disabled = false,
): Html {
  const look =
    variant === 'default'
      ? 'bg-lime-800 text-white shadow-sm'
      : 'border border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';
  return `<span class="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-base font-medium whitespace-nowrap ${look}${disabled ? ' opacity-50' : ''}">${iconName ? icon(iconName, 'size-4 shrink-0') : ''}${text(label)}</span>`;
}

/** A ghost icon-look like button (LikeButton look 'icon', size sm) as a signed-out visitor sees it. */
export function likeCount(count: number): Html {
  return `<span class="inline-flex min-h-9 items-center justify-center gap-2 gap-1.5 rounded-lg px-3 px-2 text-sm font-medium whitespace-nowrap text-stone-800 dark:text-stone-100">${icon('heart', 'size-4 shrink-0')}<span>${EN_GB_NUMBER.format(count)}</span></span>`;
}

/** A Skeleton (web/src/components/ui/skeleton.tsx) of a given size. */
export function skeleton(classes: string): Html {
  return `<div class="animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none dark:bg-stone-800 ${classes}"></div>`;
}

/**
 * A field of the page's search row (fieldClasses, min-h-11): a search box shows its placeholder where the
 * magnifier leaves room (SearchInput's pl-9), a select its value.
 */
export function field(content: string, kind: 'search' | 'select'): Html {
  const look =
    kind === 'search' ? 'pl-9 text-stone-400 dark:text-stone-500' : 'text-stone-900 dark:text-stone-100';
  const box = `<div class="flex min-h-11 w-full items-center truncate rounded-lg border border-stone-300 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900 ${look}">${text(content)}</div>`;
  if (kind === 'select') return box;
  return `<div class="relative">${icon('search', 'pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-400')}${box}</div>`;
}

/** A field's Label: from `sm` up only (the finds gallery's), or on every width (`always`). */
export function fieldLabel(label: string, always = false): Html {
  const shown = always ? '' : 'sr-only sm:not-sr-only ';
  return `<span class="${shown}text-sm font-medium text-stone-800 dark:text-stone-200">${text(label)}</span>`;
}

/** The link back to a list (buttonClasses('link', 'sm', 'self-start') with an arrow), as text. */
export function backLink(label: string): Html {
  return `<span class="inline-flex min-h-11 items-center gap-2 self-start px-1 font-medium text-lime-800 dark:text-lime-400">${icon('arrowLeft', 'size-4 shrink-0')}${text(label)}</span>`;
}

/** Badge variant="secondary" (web/src/components/ui/badge.tsx), e.g. a post's category. */
export function secondaryBadge(label: string): Html {
  return `<span class="${BADGE_BASE_CLASSES} bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100">${text(label)}</span>`;
}
