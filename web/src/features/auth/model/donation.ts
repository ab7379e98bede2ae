/** The donation step's options and rules (spec 1 §3 Donation form, §5, §9). */
export const DONATION_PRESETS = [5, 10, 15, 25] as const;
export type DonationOption = 'skip' | '5' | '10' | '15' | '25' | 'custom';
export const DEFAULT_DONATION_OPTION: DonationOption = '5';
export const CUSTOM_DONATION_MIN = 1;
export const CUSTOM_DONATION_STEP = 0.01;

export const donationMessages = {
  invalidCustom: 'Please enter a valid donation amount',
  invalidChosen: 'Please select a valid donation amount',
} as const;

export interface DonationValue {
  option: DonationOption;
  customAmount: string;
}

export type DonationResult = { kind: 'skip' } | { kind: 'paid'; amount: number } | { kind: 'invalid'; message: string };

/** What the chosen option means: skip, a positive amount in dollars, or the spec's message. */
export function resolveDonation({ option, customAmount }: DonationValue): DonationResult {
  if (option === 'skip') return { kind: 'skip' };
  if (option === 'custom') {
    const amount = Number.parseFloat(customAmount);
    // The field's minimum is 1; anything below it (or not a number) is not a valid custom amount.
    if (!Number.isFinite(amount) || amount < CUSTOM_DONATION_MIN) return { kind: 'invalid', message: donationMessages.invalidCustom };
    return { kind: 'paid', amount: Math.round(amount * 100) / 100 };
  }
  const amount = Number(option);
  if (!(amount > 0)) return { kind: 'invalid', message: donationMessages.invalidChosen };
  return { kind: 'paid', amount };
}

export const donationLabel = (option: DonationOption): string =>
  option === 'skip' ? 'Skip' : option === 'custom' ? 'Custom Amount' : `$${option}`;

export const DONATION_OPTIONS: readonly DonationOption[] = ['skip', '5', '10', '15', '25', 'custom'];
