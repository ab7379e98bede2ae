/**
 * "My contacts" on /finds/reporting: the member's FLO and coroner (name, e-mail, phone), kept on this device
 * only, to address the e-mails drafted from the list.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { saveTreasureContacts, type TreasureContact, type TreasureContacts } from '../hooks/use-reporting';
import { treasureTexts as t } from '../texts';

type Who = keyof TreasureContacts;

/** Loose on purpose: a mail app checks the rest; this catches a phone number in the wrong box. */
const looksLikeEmail = (value: string) =>
  value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

function ContactFields({
  who,
  title,
  value,
  emailError,
  onChange,
}: {
  who: Who;
  title: string;
  value: TreasureContact;
  emailError: boolean;
  onChange(value: TreasureContact): void;
}) {
  const id = `${useId()}-${who}`;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">{title}</legend>
      <FormField label={t.contactName} htmlFor={`${id}-name`}>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
        />
      </FormField>
      <FormField label={t.contactEmail} htmlFor={`${id}-email`} error={emailError ? t.badEmail : undefined}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={value.email}
          aria-invalid={emailError || undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          onChange={(e) => onChange({ ...value, email: e.currentTarget.value })}
        />
      </FormField>
      <FormField label={t.contactPhone} htmlFor={`${id}-phone`}>
        <Input
          id={`${id}-phone`}
          type="tel"
          autoComplete="off"
          value={value.phone}
          onChange={(e) => onChange({ ...value, phone: e.currentTarget.value })}
        />
      </FormField>
    </fieldset>
  );
}

/** Mounted once the saved contacts are read, so it starts from them. */
export function ContactsForm({ userId, saved }: { userId: number; saved: TreasureContacts }) {
  const [contacts, setContacts] = useState(saved);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const badFlo = checked && !looksLikeEmail(contacts.flo.email);
  const badCoroner = checked && !looksLikeEmail(contacts.coroner.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!looksLikeEmail(contacts.flo.email) || !looksLikeEmail(contacts.coroner.email)) return;
    setSaving(true);
    saveTreasureContacts(userId, contacts)
      .then(() => toast({ title: t.savedContacts }))
      .catch(() => toast({ title: t.saveFailed, variant: 'destructive' }))
      .finally(() => setSaving(false));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields
          who="flo"
          title={t.flo}
          value={contacts.flo}
          emailError={badFlo}
          onChange={(flo) => setContacts({ ...contacts, flo })}
        />
        <ContactFields
          who="coroner"
          title={t.coroner}
          value={contacts.coroner}
          emailError={badCoroner}
          onChange={(coroner) => setContacts({ ...contacts, coroner })}
        />
      </div>
      <Button type="submit" variant="outline" className="self-start" disabled={saving}>
        {t.saveContacts}
      </Button>
    </form>
  );
}
