import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';

export interface ComingSoonProps {
  title: string;
  description: ReactNode;
  /** What the finished page will offer, in the member's words. */
  coming: string[];
  links: { to: string; label: string }[];
  children?: ReactNode;
}

/**
 * An honest stand-in for a page still being built: the real heading, what it will do, and where to go
 * meanwhile. No sample data, so nobody mistakes it for real community content.
 */
export function ComingSoon({ title, description, coming, links, children }: ComingSoonProps) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      {children}
      <Card className="mt-8 max-w-2xl p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Hammer className="size-5 text-amber-600" aria-hidden="true" /> Being built
        </h2>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          This part of DigQuest is on its way. It will let you:
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-stone-800 dark:text-stone-200">
          {coming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Card>
      <nav aria-label="Meanwhile" className="mt-6 flex flex-wrap gap-2">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={buttonClasses('outline')}>
            {link.label}
          </Link>
        ))}
      </nav>
    </PageContainer>
  );
}
