import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import {
  activationResponseSchema,
  addressStepSchema,
  bankStepSchema,
  identityStepSchema,
  memberAccountResponseSchema,
  personalStepSchema,
  referencesStepSchema,
  stepSavedResponseSchema,
} from '../../../shared/schemas/activation';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  payoutAccountChangeSchema,
  payoutAccountCodeResponseSchema,
  payoutAccountCodeSchema,
  payoutAccountResponseSchema,
} from '../../../shared/schemas/member-settings';
import { changePayoutAccount, getPayoutAccount, requestPayoutChangeCode } from './payout-change';
import { getActivation, getMemberAccount, saveAddress, saveBank, saveIdentity, savePersonal, saveReferences } from './service';

const saveResponses = { 200: stepSavedResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema };

/**
 * The activation wizard's API: GET the state and saved data, PUT each step (answers the new state),
 * and the Settings Account dialog. Always the session's member.
 */
export async function activationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['activation'];

  r.get(
    '/activation',
    {
      schema: { tags, summary: "The member's account state and what they have saved so far", response: { 200: activationResponseSchema, 401: apiErrorSchema } },
    },
    async (request) => getActivation(deps, requireUser(request).userId),
  );

  r.put(
    '/activation/personal',
    { schema: { tags, summary: 'Step 1: personal information and the credit-bureau consent', body: personalStepSchema, response: saveResponses } },
    async (request) => {
      const auth = requireUser(request);
      return savePersonal(deps, { userId: auth.userId, phone: auth.phone }, request.body, { ip: request.ip });
    },
  );

  r.put('/activation/address', { schema: { tags, summary: 'Step 2: address', body: addressStepSchema, response: saveResponses } }, async (request) => {
    const auth = requireUser(request);
    return saveAddress(deps, { userId: auth.userId, phone: auth.phone }, request.body);
  });

  r.put(
    '/activation/references',
    { schema: { tags, summary: 'Step 3: two character references', body: referencesStepSchema, response: saveResponses } },
    async (request) => {
      const auth = requireUser(request);
      return saveReferences(deps, { userId: auth.userId, phone: auth.phone }, request.body);
    },
  );

  r.put(
    '/activation/identity',
    { schema: { tags, summary: 'Step 4: ID type and number (the three images are uploaded first)', body: identityStepSchema, response: saveResponses } },
    async (request) => {
      const auth = requireUser(request);
      return saveIdentity(deps, { userId: auth.userId, phone: auth.phone }, request.body);
    },
  );

  r.put(
    '/activation/bank',
    { schema: { tags, summary: 'Step 5: payout account; completes the activation', body: bankStepSchema, response: saveResponses } },
    async (request) => {
      const auth = requireUser(request);
      return saveBank(deps, { userId: auth.userId, phone: auth.phone }, request.body);
    },
  );

  r.get(
    '/member/payout-account',
    {
      schema: {
        tags: ['member'],
        summary: "The member's payout account and, after a change, until when withdrawals are held",
        response: { 200: payoutAccountResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPayoutAccount(deps, requireUser(request).userId);
    },
  );

  r.post(
    '/member/payout-account/code',
    {
      schema: {
        tags: ['member'],
        summary: "Send a PAYOUT_ACCOUNT_CHANGE code by SMS to the member's phone, bound to the new account's details",
        body: payoutAccountCodeSchema,
        response: { 200: payoutAccountCodeResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return requestPayoutChangeCode(deps, { userId: auth.userId, phone: auth.phone }, request.body);
    },
  );

  r.put(
    '/member/payout-account',
    {
      schema: {
        tags: ['member'],
        summary: 'Change the payout account with the code (free of charge); withdrawals are held for the configured hours; SMS and e-mail notice',
        body: payoutAccountChangeSchema,
        response: { 200: payoutAccountResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return changePayoutAccount(deps, { userId: auth.userId, phone: auth.phone }, request.body);
    },
  );

  r.get(
    '/member/account',
    {
      schema: {
        tags: ['member'],
        summary: 'The Settings Account dialog: everything the member gave, account number masked',
        response: { 200: memberAccountResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getMemberAccount(deps, requireUser(request).userId),
  );
}
