/**
 * /finds/reporting (docs/treasure.md): the member's finds marked possible Treasure and not reported yet,
 * overdue ones first and then by deadline, with the days left counted offline on the UK calendar. Each
 * links to its find, can be marked reported, and offers an e-mail to the member's FLO drafted with the
 * find's details. "My contacts" keeps the FLO's and coroner's details on this device. Reads Dexie only,
 * so it works without signal.
 */
import { Mail, Package } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ukDate } from '@schema/contracts/treasure';
import type { SelfUser } from '@schema/contracts/users';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { useInitialSync } from '@web/sync';
import { ContactsForm } from '../components/contacts-form';
import { MarkReportedDialog } from '../components/mark-reported-dialog';
import {
  NO_CONTACTS,
  usePossibleTreasure,
  useTreasureContacts,
  type TreasureContacts,
} from '../hooks/use-reporting';
import { floEmailLink, formatDay, reportingList, type ReportingItem } from '../model/clock';
import { daysLeftWords, treasureTexts as t } from '../texts';
import { SignInLink } from '@web/components/sign-in-link';

function Loading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{t.loading}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

function ReportingRow({
  item,
  user,
  flo,
  onMarkReported,
}: {
  item: ReportingItem;
  user: SelfUser;
  flo: TreasureContacts['flo'];
  onMarkReported(find: LocalFind): void;
}) {
  const { find, deadline, daysLeft } = item;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-stone-700">
      <div className="flex flex-col gap-1">
        <Link
          to={`/finds/${find.id ?? find.uid}`}
          className="text-lg font-semibold underline-offset-4 hover:underline"
        >
          {find.title}
        </Link>
        <p className={daysLeft < 0 ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
          {t.deadline(formatDay(deadline))} · {daysLeftWords(daysLeft)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {flo.email.trim() ? (
          <a href={floEmailLink(item, flo, user.username)} className={buttonClasses('outline')}>
            <Mail aria-hidden="true" /> {t.draftEmail}
          </a>
        ) : null}
        <Button onClick={() => onMarkReported(find)}>{t.markReported}</Button>
      </div>
    </li>
  );
}

export function ReportingPage() {
  const { user, loading: userLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const finds = usePossibleTreasure(userId);
  const contacts = useTreasureContacts(userId);
  const initial = useInitialSync();
  const [reporting, setReporting] = useState<LocalFind | null>(null);
  const header = (
    <PageHeader
      title={t.pageTitle}
      description={t.pageDescription}
      actions={
        // The pack to attach to the e-mail: photos, measurements and grid references (docs/find-recording.md).
        <Link to="/finds/pack" className={buttonClasses('outline')}>
          <Package aria-hidden="true" /> Make an FLO pack
        </Link>
      }
    />
  );

  if (userLoading) {
    return (
      <PageContainer className="flex max-w-3xl flex-col gap-6">
        {header}
        <Loading />
      </PageContainer>
    );
  }
  if (!user) {
    return (
      <PageContainer className="flex max-w-3xl flex-col gap-6">
        {header}
        <p>{t.signedOut}</p>
        <SignInLink className={buttonClasses('default', 'md', 'self-start')}>{t.signIn}</SignInLink>
      </PageContainer>
    );
  }

  // The contacts read for this member (not the answer for nobody that came first); none if unreadable.
  const saved =
    contacts.state === 'ready' && contacts.value.userId === user.id
      ? contacts.value.contacts
      : contacts.state === 'error'
        ? NO_CONTACTS
        : null;
  const flo = saved?.flo ?? null;
  let body;
  if (finds.state === 'loading') body = <Loading />;
  else if (finds.state === 'error') body = <p role="alert">{t.loadFailed}</p>;
  else if (finds.value.length === 0 && initial === 'loading') body = <Loading />;
  else if (finds.value.length === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-stone-300 p-8 text-center dark:border-stone-700">
        <h2 className="text-lg font-semibold">{t.empty}</h2>
        <p className="mx-auto mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        {flo && !flo.email.trim() ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">{t.draftNeedsFlo}</p>
        ) : null}
        <ul aria-label={t.listLabel} className="flex flex-col gap-3">
          {reportingList(finds.value, ukDate(new Date())).map((item) => (
            <ReportingRow
              key={item.find.uid}
              item={item}
              user={user}
              flo={flo ?? NO_CONTACTS.flo}
              onMarkReported={setReporting}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      {header}
      {body}
      <section
        aria-labelledby="treasure-contacts"
        className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
      >
        <h2 id="treasure-contacts" className="text-lg font-semibold">
          {t.contactsTitle}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t.contactsIntro}</p>
        {saved ? (
          <ContactsForm key={user.id} userId={user.id} saved={saved} />
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </section>
      {reporting ? (
        <MarkReportedDialog
          find={reporting}
          user={user}
          open
          onOpenChange={(open) => !open && setReporting(null)}
        />
      ) : null}
    </PageContainer>
  );
}
