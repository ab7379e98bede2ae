import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';

export interface ArticleSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface ArticleLayoutProps {
  title: string;
  description: ReactNode;
  sections: ArticleSection[];
  /** Shown above the sections, e.g. a "not legal advice" note. */
  notice?: ReactNode;
  footer?: ReactNode;
}

/**
 * Long-read layout for the Guides, Equipment and Legal pages: a contents list (handy on a phone,
 * where these pages are long) and sections with anchor ids.
 */
export function ArticleLayout({ title, description, sections, notice, footer }: ArticleLayoutProps) {
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title={title} description={description} />
      {notice ? <div className="mt-6">{notice}</div> : null}
      <nav
        aria-label="On this page"
        className="mt-6 rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900"
      >
        <h2 className="text-sm font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
          On this page
        </h2>
        <ol className="mt-2 grid gap-x-6 sm:grid-cols-2">
          {sections.map((section, i) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex min-h-11 items-center gap-2 rounded py-1 text-lime-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:text-lime-400"
              >
                <span className="text-sm text-stone-500 tabular-nums dark:text-stone-400">{i + 1}.</span>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose-dq mt-2">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.title}</h2>
            {section.body}
          </section>
        ))}
      </div>
      {footer ? <div className="mt-10">{footer}</div> : null}
    </PageContainer>
  );
}

/** A highlighted box for the one thing a reader must not miss. */
export function Callout({
  title,
  children,
  tone = 'amber',
}: {
  title: string;
  children: ReactNode;
  tone?: 'amber' | 'lime';
}) {
  const colours =
    tone === 'amber'
      ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100'
      : 'border-lime-300 bg-lime-50 text-lime-950 dark:border-lime-800 dark:bg-lime-950/40 dark:text-lime-100';
  return (
    // A note within the article, not a complementary landmark (an <aside> inside <main> would be one).
    <div role="note" className={`my-4 rounded-xl border p-4 ${colours}`}>
      <p className="font-semibold">{title}</p>
      <div className="mt-1 text-sm leading-relaxed">{children}</div>
    </div>
  );
}
