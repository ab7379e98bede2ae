/**
 * Sign Up step 'donation': an optional card donation (docs/product/donations.md#screens, #rules-and-messages;
 * docs/product/constants.md#donations). The amounts show in the configured currency; when the server takes no
 * donations, Skip is the only option.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/components/ui/cn';
import {
  CUSTOM_DONATION_MIN,
  currencySymbol,
  customAmountStep,
  DEFAULT_CURRENCY,
  DONATION_OPTIONS,
  donationLabel,
  loadDonationAmountRule,
  resolveDonation,
  type DonationAmountRule,
  type DonationOption,
  type DonationValue,
} from '../model/donation';

/** Whether card donations can be taken right now (GET /api/config). */
export type DonationAvailabilityState = 'loading' | 'error' | 'disabled' | 'enabled';

export interface SignUpDonationStepProps {
  value: DonationValue;
  onChange: (value: DonationValue) => void;
  onBack: () => void;
  onCreateAccount: () => void;
  /** Given once the server says donations are possible; without it the paid path is shown but disabled. */
  onContinueToPayment?: (amount: number) => void;
  submitting: boolean;
  /** Registration needs the network; the dialog explains why the buttons are disabled. */
  offline: boolean;
  /** Lower-case ISO code from GET /api/config; the symbols shown follow it. */
  currency?: string;
  availability?: DonationAvailabilityState;
}

const SKIP_ONLY: readonly DonationOption[] = ['skip'];

/** The contract's amount rule, loaded when the step opens (with it, Zod): null until then. */
function useDonationAmountRule(): DonationAmountRule | null {
  const [rule, setRule] = useState<DonationAmountRule | null>(null);
  useEffect(() => {
    let current = true;
    // A failed load leaves the rule null; Continue to Payment then loads it again when pressed.
    loadDonationAmountRule().then(
      (loaded) => current && setRule(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return rule;
}

const availabilityNotes: Partial<Record<DonationAvailabilityState, string>> = {
  loading: 'Checking whether card donations are available…',
  error: 'Card donations could not be loaded right now. Choose Skip to create your account now.',
  disabled: 'Card donations are not available right now. You can create your account without one.',
};

export function SignUpDonationStep({
  value,
  onChange,
  onBack,
  onCreateAccount,
  onContinueToPayment,
  submitting,
  offline,
  currency = DEFAULT_CURRENCY,
  availability = 'error',
}: SignUpDonationStepProps) {
  const groupName = useId();
  const [customTouched, setCustomTouched] = useState(false);
  const amountRule = useDonationAmountRule();
  const continuing = useRef(false);
  const result = resolveDonation(value, amountRule, currency);

  /** Waits for the contract's rule if it is still loading; a press while it loads counts once. */
  async function continueToPayment() {
    setCustomTouched(true);
    if (continuing.current) return;
    continuing.current = true;
    try {
      const checked = resolveDonation(value, amountRule ?? (await loadDonationAmountRule()), currency);
      if (checked.kind === 'paid') onContinueToPayment?.(checked.amount);
    } catch {
      // The rule could not be loaded (the network dropped): nothing is paid; a later press tries again.
    } finally {
      continuing.current = false;
    }
  }
  const options = availability === 'disabled' ? SKIP_ONLY : DONATION_OPTIONS;
  // Offline, the dialog's own notice says what is wrong; a second note would only repeat it.
  const note =
    !offline && (availability === 'disabled' || value.option !== 'skip')
      ? availabilityNotes[availability]
      : undefined;
  const skip = value.option === 'skip';
  const customError =
    value.option === 'custom' && customTouched && result.kind === 'invalid' ? result.message : undefined;
  // A chosen preset can only be invalid if the list itself is wrong; still say so rather than fail silently.
  const optionError = value.option !== 'custom' && result.kind === 'invalid' ? result.message : undefined;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800 dark:text-stone-200">
          Choose a donation (optional)
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {options.map((option) => {
            const checked = value.option === option;
            return (
              <label
                key={option}
                className={cn(
                  'relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-base font-medium',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-lime-600',
                  checked
                    ? 'border-lime-700 bg-lime-50 text-lime-900 dark:bg-lime-950 dark:text-lime-100'
                    : 'border-stone-300 dark:border-stone-600',
                )}
              >
                <input
                  type="radio"
                  name={groupName}
                  value={option}
                  checked={checked}
                  // Transparent but covering the whole tile, so a tap (or an automated click) lands on the radio itself.
                  className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                  onChange={() => onChange({ ...value, option })}
                />
                {donationLabel(option, currency)}
              </label>
            );
          })}
        </div>
        {optionError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {optionError}
          </p>
        ) : null}
      </fieldset>

      {value.option === 'custom' ? (
        <FormField
          label={`Custom amount (${currencySymbol(currency)})`}
          htmlFor="donation-custom"
          error={customError}
        >
          <Input
            id="donation-custom"
            type="number"
            inputMode="decimal"
            min={CUSTOM_DONATION_MIN}
            step={customAmountStep(currency)}
            value={value.customAmount}
            aria-invalid={customError ? true : undefined}
            aria-describedby={customError ? 'donation-custom-error' : undefined}
            onChange={(event) => onChange({ ...value, customAmount: event.target.value })}
            onBlur={() => setCustomTouched(true)}
          />
        </FormField>
      ) : null}

      {note ? <p className="text-sm text-stone-600 dark:text-stone-400">{note}</p> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        {skip ? (
          <Button onClick={onCreateAccount} disabled={submitting || offline}>
            {submitting ? 'Creating Account…' : 'Create Account'}
          </Button>
        ) : (
          <Button
            disabled={!onContinueToPayment || submitting || offline}
            onClick={() => void continueToPayment()}
          >
            {submitting ? 'Preparing Payment…' : 'Continue to Payment'}
          </Button>
        )}
      </div>
    </div>
  );
}
