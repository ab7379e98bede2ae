/**
 * Donation contracts (docs/product/donations.md#rules-and-messages, #api-calls, #errors;
 * docs/product/constants.md#donations). The donation step and POST /api/create-payment-intent validate
 * amounts with the same schema; the texts the spec gives are kept verbatim, the rest (decimals, upper bound,
 * availability) are ours. The plain values are in ./donation-constants, re-exported here.
 */
import { z } from 'zod';
import { text } from './text';
import { authMessages } from './auth-constants';
import { EMAIL_MAX, USERNAME_MAX } from './constants';
import {
  CUSTOM_DONATION_MIN,
  DONATION_MAX,
  donationMessages,
  hasAtMostTwoDecimals,
} from './donation-constants';

export * from './donation-constants';

/**
 * An amount in major units (dollars). A value of 0 or less is the spec's "chosen amount" message; anything
 * else that is not a positive number of at least the minimum is the "custom amount" message.
 */
export const donationAmountSchema = z
  .number({ error: donationMessages.invalidCustom })
  .gt(0, donationMessages.invalidChosen)
  .min(CUSTOM_DONATION_MIN, donationMessages.invalidCustom)
  .max(DONATION_MAX, donationMessages.tooLarge)
  .refine(hasAtMostTwoDecimals, donationMessages.tooManyDecimals);

/** POST /api/create-payment-intent */
export const createPaymentIntentSchema = z.object({
  amount: donationAmountSchema,
  email: z
    .string({ error: authMessages.invalidEmail })
    .trim()
    .max(EMAIL_MAX, authMessages.invalidEmail)
    .pipe(z.email({ error: authMessages.invalidEmail })),
  name: text({ error: donationMessages.nameRequired })
    .trim()
    .min(1, donationMessages.nameRequired)
    .max(USERNAME_MAX, donationMessages.nameRequired),
  /** Made once per sign-up by the client, so a retried request cannot create a second intent. */
  idempotencyKey: z.uuid().optional(),
});
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentSchema>;
export type CreatePaymentIntentPayload = z.output<typeof createPaymentIntentSchema>;
