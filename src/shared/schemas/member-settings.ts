import { z } from 'zod';
import { CREDIT_COMPONENTS } from '../credit/score';
import { bankStepSchema } from './activation';
import { newPasswordField, otpCodeField } from './fields';

/**
 * Contracts of the Settings page (specification section 2): the password
 * change, the credit score and the change of payout account. Messages are i18n keys.
 */

// ---------------------------------------------------------------------------------------------
// Password

/**
 * POST /api/auth/password (DECISIONS.md section 5: the current password is required; the new one
 * follows the registration rule, and the server refuses common or easy ones).
 */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: 'validation.passwordRequired' })
      .min(1, { error: 'validation.passwordRequired' })
      .max(256, { error: 'validation.passwordRequired' }),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'validation.passwordMismatch' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'validation.passwordMismatch',
    path: ['confirmPassword'],
    when(payload) {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.newPassword === 'string' && typeof v.confirmPassword === 'string';
    },
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: 'settings.password.same',
    path: ['newPassword'],
    when(payload) {
      const v = payload.value as { newPassword?: unknown; currentPassword?: unknown } | undefined;
      return typeof v?.newPassword === 'string' && typeof v.currentPassword === 'string' && v.currentPassword.length > 0;
    },
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changePasswordResponseSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Credit score

const creditComponentSchema = z.object({
  id: z.enum(CREDIT_COMPONENTS),
  points: z.number().int(),
  max: z.number().int(),
  hasData: z.boolean(),
  reason: z.enum(['COMPLETE', 'PARTIAL', 'NONE', 'NOTHING_DUE', 'NOT_RECORDED']),
  /** The figures the explanation quotes (steps done, instalments due, days overdue ...). */
  facts: z.record(z.string(), z.number()),
});

/** GET /api/member/credit-score */
export const creditScoreResponseSchema = z.object({
  score: z.number().int(),
  max: z.number().int(),
  /** The Philippine date the score was computed for. */
  asOf: z.string(),
  components: z.array(creditComponentSchema),
});
export type CreditScoreResponse = z.infer<typeof creditScoreResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Payout account change

/**
 * The new payout account, with the rules of activation step 5 (bankStepSchema): a bank account's
 * digits, or an e-wallet's Philippine mobile number (stored in E.164). Field names are those of
 * the payout_accounts table; errors on the step's `bankCode` are reported on `institutionCode`.
 */
const payoutAccountFields = {
  institutionCode: z.string({ error: 'activation.validation.bankCode' }),
  accountNumber: z.string({ error: 'activation.validation.accountNumber' }),
  accountName: z.string({ error: 'activation.validation.accountName' }),
};

interface PayoutAccountDetails {
  institutionCode: string;
  accountNumber: string;
  accountName: string;
}

function viaBankStep<T extends PayoutAccountDetails>(value: T, ctx: z.RefinementCtx): T {
  const parsed = bankStepSchema.safeParse({ bankCode: value.institutionCode, accountNumber: value.accountNumber, accountName: value.accountName });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (p === 'bankCode' ? 'institutionCode' : p));
      ctx.addIssue({ code: 'custom', path: path as (string | number)[], message: issue.message });
    }
    return z.NEVER;
  }
  return { ...value, institutionCode: parsed.data.bankCode, accountNumber: parsed.data.accountNumber, accountName: parsed.data.accountName };
}

/** POST /api/member/payout-account/code: the new account the code is bound to. */
export const payoutAccountCodeSchema = z.strictObject(payoutAccountFields).transform(viaBankStep);
export type PayoutAccountCodeInput = z.input<typeof payoutAccountCodeSchema>;
export type PayoutAccountDetailsData = z.output<typeof payoutAccountCodeSchema>;

/** PUT /api/member/payout-account: the same account and the code sent for it. */
export const payoutAccountChangeSchema = z.strictObject({ ...payoutAccountFields, code: otpCodeField }).transform(viaBankStep);
export type PayoutAccountChangeInput = z.input<typeof payoutAccountChangeSchema>;
export type PayoutAccountChangeData = z.output<typeof payoutAccountChangeSchema>;

export const payoutAccountCodeResponseSchema = z.object({
  /** The member's phone, masked. */
  sentTo: z.string(),
  expiresAt: z.string(),
  resendAvailableAt: z.string(),
});

/** The member's payout account as Settings shows it (their own: the full number is for the 3-second reveal). */
const payoutAccountSchema = z.object({
  institutionCode: z.string(),
  institutionName: z.string(),
  kind: z.enum(['BANK', 'EWALLET']),
  /** An e-wallet's in the national form (0917...). */
  accountNumber: z.string(),
  /** All but the first 3 characters masked. */
  accountNumberMasked: z.string(),
  accountName: z.string(),
  changedAt: z.string().nullable(),
});

/** GET and PUT /api/member/payout-account */
export const payoutAccountResponseSchema = z.object({
  account: payoutAccountSchema.nullable(),
  /** Withdrawals are refused until then after a change (null: no hold now). */
  withdrawalsBlockedUntil: z.string().nullable(),
  /** How long a change holds withdrawals (configuration). */
  holdHours: z.number(),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;
