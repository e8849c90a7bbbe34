import { pageLimitParam } from './params';
import { z } from 'zod';
import {
  countryField,
  emailField,
  employmentLocationField,
  fullNameField,
  jobTitleField,
  monthlyIncomeField,
  newPasswordField,
  otpCodeField,
  phoneField,
  referralCodeField,
  smsPhoneField,
} from './fields';
import { JOB_CATEGORIES } from './job-categories';
import { ACCOUNT_STATES } from '../states/account';
import { ROLES } from '../states/roles';

/**
 * Confirmation must equal the password. `when` runs the check as soon as both are strings, so the
 * person sees the mismatch while other fields still have errors (zod skips object refinements
 * otherwise).
 */
const passwordsMatchCheck = {
  error: 'validation.passwordMismatch',
  path: ['confirmPassword'],
  when(payload: { value: unknown }) {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
  },
};

/** Registration step 'register': account details. */
export const accountDetailsSchema = z
  .strictObject({
    phone: smsPhoneField,
    email: emailField,
    fullName: fullNameField,
    password: newPasswordField,
    confirmPassword: z.string({ error: 'validation.passwordMismatch' }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatchCheck);

/** Registration step 'reg_1': employment. */
export const employmentSchema = z.strictObject({
  employmentCountry: countryField,
  employmentLocation: employmentLocationField,
  jobTitle: jobTitleField,
  jobCategory: z.enum(JOB_CATEGORIES, { error: 'validation.jobCategory' }),
  monthlyNetIncome: monthlyIncomeField,
  referralCode: referralCodeField.optional(),
});

/** POST /api/auth/register: both steps together; sends the code to the phone. */
export const registerStartSchema = z
  .strictObject({
    ...accountDetailsSchema.def.shape,
    ...employmentSchema.shape,
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatchCheck);
export type RegisterStartInput = z.input<typeof registerStartSchema>;

export const registerStartResponseSchema = z.object({
  phoneMasked: z.string(),
  codeExpiresAt: z.string(),
  resendAvailableAt: z.string(),
});
export type RegisterStartResponse = z.infer<typeof registerStartResponseSchema>;

/** POST /api/auth/register/verify: the code sent by SMS. The pending registration comes from its cookie. */
export const verifyCodeSchema = z.strictObject({ code: otpCodeField });

/** POST /api/auth/login */
export const signInSchema = z.strictObject({
  phone: phoneField,
  password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(256),
  remember: z.boolean({ error: 'validation.required' }).default(false),
});
export type SignInInput = z.input<typeof signInSchema>;

/** The signed-in user as the browser sees it (GET /api/auth/session). */
export const sessionUserSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  accountState: z.enum(ACCOUNT_STATES),
  /** The member's language, stored on the server: the web app shows its pages in it after sign-in, on any browser. */
  language: z.enum(['en', 'fil']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session answers user null when nobody is signed in; sign-in and registration always carry the user. */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/register/resend and the register response's timers. */
export const codeTimersSchema = z.object({ codeExpiresAt: z.string(), resendAvailableAt: z.string() });

/** GET /api/auth/email, and POST /api/auth/email/verify's answer: the member's address and whether they proved they read it (decision 051). */
export const emailStatusSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** POST /api/auth/email/verify: the code e-mailed to the member's address. */
export const emailVerifySchema = z.strictObject({ code: otpCodeField });
export type EmailVerifyInput = z.input<typeof emailVerifySchema>;

/** POST /api/auth/recovery/start: the same answer whether or not the phone is registered. */
export const recoveryStartSchema = z.strictObject({ phone: smsPhoneField });

/** POST /api/auth/recovery/reset: the code sent by SMS and the new password. */
export const recoveryResetSchema = z
  .strictObject({
    code: otpCodeField,
    password: newPasswordField,
    confirmPassword: z.string({ error: 'validation.passwordMismatch' }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatchCheck);

/** GET /api/dev/outbox (embedded mode only). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['SMS', 'EMAIL']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  /** Held until then by the quiet hours (06:00 to 22:00 Philippine time); null: sent at once. */
  sendAfter: z.string().nullable().optional(),
});
export const outboxResponseSchema = z.object({
  messages: z.array(outboxMessageSchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
/** GET /api/dev/outbox: newest first, a page at a time (cursor: the last message's id). */
export const outboxQuerySchema = z.object({
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('errors.cursor').optional()),
  limit: pageLimitParam(200, 200),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
