import {
  activationResponseSchema,
  addressStepSchema,
  bankStepSchema,
  identityStepSchema,
  memberAccountResponseSchema,
  personalStepSchema,
  referencesStepSchema,
  stepSavedResponseSchema,
} from '../schemas/activation';
import { payoutAccountChangeSchema, payoutAccountCodeResponseSchema, payoutAccountCodeSchema, payoutAccountResponseSchema } from '../schemas/member-settings';
import { defineRoute } from './define';

const tags = ['activation'];
const saved = { 200: stepSavedResponseSchema };
/** A step saved out of order or after the activation: 409 CONFLICT. */
const stepErrors = ['CONFLICT'] as const;

/** The activation wizard (GET the state and saved data, PUT each step) and the Settings account and payout account. Always the session's member. */
export const activationApi = {
  get: defineRoute({
    method: 'GET',
    path: '/activation',
    summary: "The member's account state and what they have saved so far",
    tags,
    auth: 'session',
    response: { 200: activationResponseSchema },
    errors: [],
  }),
  personal: defineRoute({
    method: 'PUT',
    path: '/activation/personal',
    summary: 'Step 1: personal information and the credit-bureau consent',
    tags,
    auth: 'session',
    body: personalStepSchema,
    response: saved,
    errors: stepErrors,
  }),
  address: defineRoute({
    method: 'PUT',
    path: '/activation/address',
    summary: 'Step 2: address',
    tags,
    auth: 'session',
    body: addressStepSchema,
    response: saved,
    errors: stepErrors,
  }),
  references: defineRoute({
    method: 'PUT',
    path: '/activation/references',
    summary: 'Step 3: two character references',
    tags,
    auth: 'session',
    body: referencesStepSchema,
    response: saved,
    errors: stepErrors,
  }),
  identity: defineRoute({
    method: 'PUT',
    path: '/activation/identity',
    summary: 'Step 4: ID type and number (the three images are uploaded first)',
    tags,
    auth: 'session',
    body: identityStepSchema,
    response: saved,
    errors: stepErrors,
  }),
  bank: defineRoute({
    method: 'PUT',
    path: '/activation/bank',
    summary: 'Step 5: payout account; completes the activation',
    tags,
    auth: 'session',
    body: bankStepSchema,
    response: saved,
    errors: stepErrors,
  }),
  payoutAccount: defineRoute({
    method: 'GET',
    path: '/member/payout-account',
    summary: "The member's payout account and, after a change, until when withdrawals are held",
    tags: ['member'],
    auth: 'session',
    response: { 200: payoutAccountResponseSchema },
    errors: [],
  }),
  payoutAccountCode: defineRoute({
    method: 'POST',
    path: '/member/payout-account/code',
    summary: "Send a PAYOUT_ACCOUNT_CHANGE code by SMS to the member's phone, bound to the new account's details",
    tags: ['member'],
    auth: 'session',
    body: payoutAccountCodeSchema,
    response: { 200: payoutAccountCodeResponseSchema },
    errors: ['CONFLICT', 'RATE_LIMITED'],
  }),
  changePayoutAccount: defineRoute({
    method: 'PUT',
    path: '/member/payout-account',
    summary: 'Change the payout account with the code (free of charge); withdrawals are held for the configured hours; SMS and e-mail notice',
    tags: ['member'],
    auth: 'session',
    body: payoutAccountChangeSchema,
    response: { 200: payoutAccountResponseSchema },
    errors: ['CONFLICT', 'CODE_INVALID', 'CODE_EXPIRED', 'CODE_USED', 'CODE_NOT_FOUND', 'CODE_LOCKED'],
  }),
  account: defineRoute({
    method: 'GET',
    path: '/member/account',
    summary: 'The Settings Account dialog: everything the member gave, account number masked',
    tags: ['member'],
    auth: 'session',
    response: { 200: memberAccountResponseSchema },
    errors: [],
  }),
};
