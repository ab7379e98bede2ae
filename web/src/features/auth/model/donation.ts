/**
 * The donation step's options and rules (docs/product/donations.md#screens, #rules-and-messages;
 * docs/product/constants.md#donations). The amount rules and texts are the shared contract's
 * (schema/contracts/donation.ts), so the server refuses exactly what this step does. The amount schema
 * loads with its contract when the donation step opens, not with the sign-in and sign-up dialogs, which
 * download no validation library on a first visit (docs/architecture.md "First paint").
 */
import type { donationAmountSchema } from '@schema/contracts/donation';
import { currencyDecimals, donationMessages } from '@schema/contracts/donation-constants';

export {
  CUSTOM_DONATION_MIN,
  CUSTOM_DONATION_STEP,
  DONATION_PRESETS,
  donationMessages,
} from '@schema/contracts/donation-constants';

/** The contract's amount rule: donationAmountSchema itself, once loaded. */
export type DonationAmountRule = Pick<typeof donationAmountSchema, 'safeParse'>;

export async function loadDonationAmountRule(): Promise<DonationAmountRule> {
  return (await import('@schema/contracts/donation')).donationAmountSchema;
}

export type DonationOption = 'skip' | '5' | '10' | '15' | '25' | 'custom';
export const DEFAULT_DONATION_OPTION: DonationOption = '5';
export const DEFAULT_CURRENCY = 'usd';

export interface DonationValue {
  option: DonationOption;
  customAmount: string;
}

export type DonationResult =
  | { kind: 'skip' }
  | { kind: 'paid'; amount: number }
  | { kind: 'invalid'; message: string }
  /** A custom amount while the contract's rule is still loading: neither payable nor refused yet. */
  | { kind: 'checking' };

/**
 * What the chosen option means: skip, a positive amount in major units (dollars), or the spec's message.
 * A custom amount is checked by `amountRule`, the contract's schema (null until it has loaded).
 */
export function resolveDonation(
  { option, customAmount }: DonationValue,
  amountRule: DonationAmountRule | null,
  currency = DEFAULT_CURRENCY,
): DonationResult {
  if (option === 'skip') return { kind: 'skip' };
  if (option === 'custom') {
    const parsed = Number.parseFloat(customAmount);
    // The spec: a custom amount must parse to a number above 0; the field's minimum is 1.
    if (!Number.isFinite(parsed) || parsed <= 0)
      return { kind: 'invalid', message: donationMessages.invalidCustom };
    // Extra digits are rounded to what the currency has (the field's step), as the browser's stepper would.
    const factor = 10 ** Math.min(2, currencyDecimals(currency));
    const amount = Math.round(parsed * factor) / factor;
    if (!amountRule) return { kind: 'checking' };
    const checked = amountRule.safeParse(amount);
    if (!checked.success)
      return { kind: 'invalid', message: checked.error.issues[0]?.message ?? donationMessages.invalidCustom };
    return { kind: 'paid', amount };
  }
  const amount = Number(option);
  if (!(amount > 0)) return { kind: 'invalid', message: donationMessages.invalidChosen };
  return { kind: 'paid', amount };
}

/** One formatter per currency and fraction digits: building one costs more than formatting with it. */
const amountFormatters = new Map<string, Intl.NumberFormat>();

function amountFormatter(currency: string, minimumFractionDigits: number): Intl.NumberFormat {
  const key = `${currency}|${minimumFractionDigits}`;
  let formatter = amountFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits });
    amountFormatters.set(key, formatter);
  }
  return formatter;
}

/** Amounts in the configured currency, in English like the rest of the app: $5, £5, €12.50, ¥500, CA$5. */
export function formatAmount(amount: number, currency = DEFAULT_CURRENCY): string {
  try {
    const digits = Number.isInteger(amount) ? 0 : Math.min(2, currencyDecimals(currency));
    return amountFormatter(currency.toUpperCase(), digits).format(amount);
  } catch {
    // An unknown code (a configuration typo) still shows something sensible.
    return `${amount} ${currency.toUpperCase()}`;
  }
}

/** The currency's symbol alone, for the custom amount's label. */
export function currencySymbol(currency = DEFAULT_CURRENCY): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}

/** The custom field's step: 0.01, or 1 for currencies without minor units. */
export const customAmountStep = (currency = DEFAULT_CURRENCY): number =>
  currencyDecimals(currency) === 0 ? 1 : 0.01;

export const donationLabel = (option: DonationOption, currency = DEFAULT_CURRENCY): string =>
  option === 'skip' ? 'Skip' : option === 'custom' ? 'Custom Amount' : formatAmount(Number(option), currency);

export const DONATION_OPTIONS: readonly DonationOption[] = ['skip', '5', '10', '15', '25', 'custom'];
