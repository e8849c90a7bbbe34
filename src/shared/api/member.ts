import { memberLanguageSchema } from '../schemas/language';
import { creditScoreResponseSchema } from '../schemas/member-settings';
import { creditLimitsResponseSchema } from '../schemas/limit-ladder';
import { adminReferralsResponseSchema, myReferralResponseSchema } from '../schemas/referrals';
import { defineRoute } from './define';

const tags = ['member'];

/** The member's own settings: SMS and e-mail language, credit score, referral code; staff see the referrals. */
export const memberApi = {
  language: defineRoute({
    method: 'PUT',
    path: '/member/language',
    summary: "Set the language of the member's SMS and e-mail (en or fil)",
    tags,
    auth: 'session',
    body: memberLanguageSchema,
    response: { 200: memberLanguageSchema },
    errors: [],
  }),
  creditScore: defineRoute({
    method: 'GET',
    path: '/member/credit-score',
    summary: 'The credit score out of 1000 and each of its components (points, maximum, why)',
    tags,
    auth: 'session',
    response: { 200: creditScoreResponseSchema },
    errors: [],
  }),
  creditLimits: defineRoute({
    method: 'GET',
    path: '/member/limits',
    summary: 'The most the member may borrow under each product offered, why (the limit ladder step, the loans it counted) and what would raise it',
    tags,
    auth: 'session',
    response: { 200: creditLimitsResponseSchema },
    errors: [],
  }),
  referral: defineRoute({
    method: 'GET',
    path: '/member/referral',
    summary: "The activated member's referral code and how many joined with it (no names)",
    tags,
    auth: 'member',
    response: { 200: myReferralResponseSchema },
    errors: ['NOT_ACTIVATED'],
  }),
  adminReferrals: defineRoute({
    method: 'GET',
    path: '/admin/referrals',
    summary: 'Who referred whom, newest first (OFFICER, ADMIN)',
    tags: ['admin'],
    auth: 'staff',
    response: { 200: adminReferralsResponseSchema },
    errors: [],
  }),
};
