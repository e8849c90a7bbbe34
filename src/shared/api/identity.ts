import { z } from 'zod';
import {
  codeTimersSchema,
  emailStatusSchema,
  emailVerifySchema,
  recoveryResetSchema,
  recoveryStartSchema,
  registerStartResponseSchema,
  registerStartSchema,
  sessionResponseSchema,
  signInSchema,
  verifyCodeSchema,
} from '../schemas/auth';
import { changePasswordResponseSchema, changePasswordSchema } from '../schemas/member-settings';
import { defineRoute } from './define';

const tags = ['auth'];
/** POST /api/auth/recovery/start answers the same for every phone. */
const recoveryStartResponseSchema = codeTimersSchema.extend({ message: z.string() });
const messageResponseSchema = z.object({ message: z.string() });
/** Routes without a body accept none: identity never comes from a body. */
const noBody = z.strictObject({}).nullish();
const codeErrors = ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_USED', 'CODE_NOT_FOUND', 'CODE_LOCKED'] as const;

/**
 * Registration with phone verification, sign-in, sign-out, the session, and account recovery. Who is
 * signed in comes from the session cookie only; the two pre-session flows keep their random id in an
 * HttpOnly cookie of their own.
 */
export const identityApi = {
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    summary: 'Start a registration: checks the details and sends a code to the phone',
    tags,
    auth: 'public',
    body: registerStartSchema,
    response: { 201: registerStartResponseSchema },
    errors: ['RATE_LIMITED'],
  }),
  registerResend: defineRoute({
    method: 'POST',
    path: '/auth/register/resend',
    summary: 'Send a new registration code (once a minute, five an hour)',
    tags,
    auth: 'public',
    body: noBody,
    response: { 200: codeTimersSchema },
    errors: ['REGISTRATION_EXPIRED', 'RATE_LIMITED'],
  }),
  registerVerify: defineRoute({
    method: 'POST',
    path: '/auth/register/verify',
    summary: 'Verify the phone with its code; creates the account and signs in',
    tags,
    auth: 'public',
    body: verifyCodeSchema,
    response: { 201: sessionResponseSchema },
    errors: ['REGISTRATION_EXPIRED', ...codeErrors],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with phone and password; a new session each time',
    tags,
    auth: 'public',
    body: signInSchema,
    response: { 200: sessionResponseSchema },
    errors: ['INVALID_CREDENTIALS', 'SIGN_IN_LOCKED', 'RATE_LIMITED'],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Sign out: revokes the current session',
    tags,
    auth: 'public',
    body: noBody,
    response: { 204: z.null() },
    errors: [],
  }),
  session: defineRoute({
    method: 'GET',
    path: '/auth/session',
    summary: 'The signed-in user from the session cookie, or null when nobody is signed in',
    tags,
    auth: 'public',
    response: { 200: sessionResponseSchema },
    errors: [],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/auth/password',
    summary: "Change the signed-in member's password (current password required); signs out the member's other sessions",
    tags,
    auth: 'session',
    body: changePasswordSchema,
    response: { 200: changePasswordResponseSchema },
    errors: ['RATE_LIMITED'],
  }),
  email: defineRoute({
    method: 'GET',
    path: '/auth/email',
    summary: "The signed-in member's e-mail address and whether it is verified (decision 051)",
    tags,
    auth: 'session',
    response: { 200: emailStatusSchema },
    errors: [],
  }),
  emailCode: defineRoute({
    method: 'POST',
    path: '/auth/email/code',
    summary:
      "E-mail a code to the member's address to verify it (once a minute, five an hour); the same answer whatever the address (an address another account verified gets a notice instead)",
    tags,
    auth: 'session',
    body: noBody,
    response: { 200: codeTimersSchema },
    errors: ['EMAIL_ALREADY_VERIFIED', 'RATE_LIMITED'],
  }),
  emailVerify: defineRoute({
    method: 'POST',
    path: '/auth/email/verify',
    summary: "Verify the member's e-mail address with the code e-mailed to it",
    tags,
    auth: 'session',
    body: emailVerifySchema,
    response: { 200: emailStatusSchema },
    errors: ['EMAIL_ALREADY_VERIFIED', ...codeErrors],
  }),
  recoveryStart: defineRoute({
    method: 'POST',
    path: '/auth/recovery/start',
    summary: 'Start a password reset; the same answer whether or not the phone is registered',
    tags,
    auth: 'public',
    body: recoveryStartSchema,
    response: { 202: recoveryStartResponseSchema },
    errors: ['RATE_LIMITED'],
  }),
  recoveryReset: defineRoute({
    method: 'POST',
    path: '/auth/recovery/reset',
    summary: 'Set a new password with the code; signs the account out everywhere',
    tags,
    auth: 'public',
    body: recoveryResetSchema,
    response: { 200: messageResponseSchema },
    errors: ['RECOVERY_EXPIRED', ...codeErrors],
  }),
};
