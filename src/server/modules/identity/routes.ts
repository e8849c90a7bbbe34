import { languageOf } from '../../http/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/session';
import {
  codeTimersSchema,
  recoveryResetSchema,
  recoveryStartSchema,
  registerStartResponseSchema,
  registerStartSchema,
  sessionResponseSchema,
  signInSchema,
  verifyCodeSchema,
} from '../../../shared/schemas/auth';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { changePasswordResponseSchema, changePasswordSchema } from '../../../shared/schemas/member-settings';
import { clearFlowCookie, readFlowCookie, recoveryCookie, registrationCookie, setFlowCookie } from './cookies';
import {
  PASSWORD_CHANGED_MESSAGE,
  RECOVERY_DONE_MESSAGE,
  RECOVERY_START_MESSAGE,
  changePassword,
  completeRecovery,
  completeRegistration,
  resendRegistrationCode,
  sessionUserOf,
  signIn,
  signOut,
  startRecovery,
  startRegistration,
  type RequestContext,
} from './service';

/** POST /api/auth/recovery/start answers the same for every phone. */
const recoveryStartResponseSchema = codeTimersSchema.extend({ message: z.string() });
const messageResponseSchema = z.object({ message: z.string() });
/** Routes without a body accept none: identity never comes from a body. */
const noBody = z.strictObject({}).nullish();

const ctxOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  log: request.log,
  // Only a request that says its language changes the member's (a script without the header does not).
  ...(request.headers['accept-language'] ? { language: languageOf(request.headers['accept-language']) } : {}),
});

/**
 * Registration with phone verification, sign-in, sign-out, the session, and account recovery.
 * Who is signed in comes from the session cookie only; the two pre-session flows keep their
 * random id in an HttpOnly cookie of their own.
 */
export async function identityRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.production;
  const tags = ['auth'];

  r.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Start a registration: checks the details and sends a code to the phone',
        body: registerStartSchema,
        response: { 201: registerStartResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const started = await startRegistration(deps, request.body, ctxOf(request));
      setFlowCookie(reply, registrationCookie, started.pendingId, secure);
      return reply.code(201).send({
        phoneMasked: started.phoneMasked,
        codeExpiresAt: started.codeExpiresAt.toISOString(),
        resendAvailableAt: started.resendAvailableAt.toISOString(),
      });
    },
  );

  r.post(
    '/auth/register/resend',
    {
      schema: {
        tags,
        summary: 'Send a new registration code (once a minute, five an hour)',
        body: noBody,
        response: { 200: codeTimersSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const timers = await resendRegistrationCode(deps, readFlowCookie(request, registrationCookie), ctxOf(request));
      return { codeExpiresAt: timers.codeExpiresAt.toISOString(), resendAvailableAt: timers.resendAvailableAt.toISOString() };
    },
  );

  r.post(
    '/auth/register/verify',
    {
      schema: {
        tags,
        summary: 'Verify the phone with its code; creates the account and signs in',
        body: verifyCodeSchema,
        response: { 201: sessionResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { session, user } = await completeRegistration(
        deps,
        { pendingId: readFlowCookie(request, registrationCookie), code: request.body.code },
        ctxOf(request),
      );
      setSessionCookie(reply, session, secure);
      clearFlowCookie(reply, registrationCookie, secure);
      return reply.code(201).send({ user });
    },
  );

  r.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with phone and password; a new session each time',
        body: signInSchema,
        response: { 200: sessionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { session, user } = await signIn(deps, request.body, ctxOf(request));
      setSessionCookie(reply, session, secure);
      return { user };
    },
  );

  r.post(
    '/auth/logout',
    { schema: { tags, summary: 'Sign out: revokes the current session', body: noBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await signOut(deps, request.auth);
      clearSessionCookie(reply, secure);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/auth/session',
    {
      schema: {
        tags,
        summary: 'The signed-in user from the session cookie, or null when nobody is signed in',
        security: [{ session: [] }],
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.auth ? sessionUserOf(request.auth) : null };
    },
  );

  r.post(
    '/auth/password',
    {
      schema: {
        tags,
        summary: "Change the signed-in member's password (current password required); signs out the member's other sessions",
        security: [{ session: [] }],
        body: changePasswordSchema,
        response: { 200: changePasswordResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await changePassword(deps, requireUser(request), request.body, ctxOf(request));
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  r.post(
    '/auth/recovery/start',
    {
      schema: {
        tags,
        summary: 'Start a password reset; the same answer whether or not the phone is registered',
        body: recoveryStartSchema,
        response: { 202: recoveryStartResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const started = await startRecovery(deps, request.body.phone, ctxOf(request));
      setFlowCookie(reply, recoveryCookie, started.attemptId, secure);
      return reply.code(202).send({
        message: RECOVERY_START_MESSAGE,
        codeExpiresAt: started.codeExpiresAt.toISOString(),
        resendAvailableAt: started.resendAvailableAt.toISOString(),
      });
    },
  );

  r.post(
    '/auth/recovery/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code; signs the account out everywhere',
        body: recoveryResetSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await completeRecovery(deps, { attemptId: readFlowCookie(request, recoveryCookie), code: request.body.code, password: request.body.password });
      clearFlowCookie(reply, recoveryCookie, secure);
      clearSessionCookie(reply, secure);
      return { message: RECOVERY_DONE_MESSAGE };
    },
  );
}
