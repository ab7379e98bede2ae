/**
 * The hub's static parts (docs/product/stories.md "Screens"): benefit cards, getting-started steps, the
 * sample stories shown only while the community has none, and UK help lines.
 */
import { Brain, Footprints, LifeBuoy, Phone } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import {
  GETTING_STARTED,
  HELP_LINES,
  MENTAL_BENEFITS,
  PHYSICAL_BENEFITS,
  SAMPLE_STORIES,
  type Benefit,
} from '../model/content';

function BenefitCard({
  title,
  icon: Icon,
  items,
  compact,
}: {
  title: string;
  icon: typeof Brain;
  items: readonly Benefit[];
  compact?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-amber-50 p-5 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50">
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-5" aria-hidden="true" /> {title}
      </h3>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.title}>
            <span className="font-medium">{item.title}</span>
            {compact ? null : <span className="block text-sm opacity-90">{item.text}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Mental and physical benefits; `compact` (home) lists the headlines only. */
export function BenefitCards({ compact }: { compact?: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <BenefitCard title="Mental benefits" icon={Brain} items={MENTAL_BENEFITS} compact={compact} />
      <BenefitCard title="Physical benefits" icon={Footprints} items={PHYSICAL_BENEFITS} compact={compact} />
    </div>
  );
}

export function GettingStarted() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {GETTING_STARTED.map((step, i) => (
        <li
          key={step.title}
          className="flex flex-col gap-1 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-lime-700 font-bold text-white">
            {i + 1}
          </span>
          <span className="font-semibold">{step.title}</span>
          <span className="text-sm text-stone-700 dark:text-stone-300">{step.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** Shown only while there are no stories: greyed, and marked as examples. */
export function SampleStories({ count = SAMPLE_STORIES.length }: { count?: number }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Example stories">
      {SAMPLE_STORIES.slice(0, count).map((s) => (
        <li
          key={s.name}
          className="flex flex-col gap-2 rounded-xl border border-dashed border-stone-300 p-4 text-stone-600 dark:border-stone-600 dark:text-stone-400"
        >
          <span className="flex items-center gap-2 font-medium">
            {s.name} <Badge variant="outline">Example</Badge>
          </span>
          <span className="text-sm">{s.years} years detecting</span>
          <p className="leading-relaxed">“{s.text}”</p>
        </li>
      ))}
    </ul>
  );
}

export function HelpLines() {
  return (
    <section
      aria-labelledby="help-lines"
      className="flex flex-col gap-4 rounded-xl bg-sky-50 p-6 text-sky-950 dark:bg-sky-950/40 dark:text-sky-50"
    >
      <h2 id="help-lines" className="flex items-center gap-2 text-2xl font-bold">
        <LifeBuoy className="size-6" aria-hidden="true" /> If you are finding things hard
      </h2>
      <p className="max-w-3xl">
        Detecting can lift a heavy week, but it is not meant to carry everything on its own. If you are
        struggling, talking to someone helps, and these UK services are free and there for you.
      </p>
      <ul className="grid gap-3 md:grid-cols-3">
        {HELP_LINES.map((line) => (
          <li key={line.name} className="flex flex-col gap-1 rounded-lg bg-white/70 p-4 dark:bg-stone-900/60">
            <span className="font-semibold">{line.name}</span>
            <a
              href={line.href}
              className="flex items-center gap-2 font-medium text-sky-900 underline dark:text-sky-200"
            >
              <Phone className="size-4" aria-hidden="true" /> {line.how}
            </a>
            <span className="text-sm">{line.text}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        In an emergency, or if you feel you might act on thoughts of harming yourself, call 999.
      </p>
    </section>
  );
}
