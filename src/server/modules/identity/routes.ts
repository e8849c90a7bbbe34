import { languageOf } from '../../http/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/session';
import { identityApi as api } from '../../../shared/api/identity';
import { clearFlowCookie, readDeviceCookie, readFlowCookie, recoveryCookie, registrationCookie, setDeviceCookie, setFlowCookie } from './cookies';
import {
  PASSWORD_CHANGED_MESSAGE,
  RECOVERY_DONE_MESSAGE,
  RECOVERY_START_MESSAGE,
  changePassword,
  completeRecovery,
  completeRegistration,
  emailStatus,
  sendEmailCode,
  verifyEmail,
  resendRegistrationCode,
  sessionUserOf,
  signIn,
  signOut,
  startRecovery,
  startRegistration,
  type RequestContext,
} from './service';

const ctxOf = (request: FastifyRequest): RequestContext => ({
  ...requestOrigin(request),
  userAgent: request.headers['user-agent'] ?? null,
  log: request.log,
  deviceToken: readDeviceCookie(request),
  // Only a request that says its language changes the member's (a script without the header does not).
  ...(request.headers['accept-language'] ? { language: languageOf(request.headers['accept-language']) } : {}),
});

/**
 * Registration with phone verification, sign-in, sign-out, the session, and account recovery.
 * Who is signed in comes from the session cookie only; the two pre-session flows keep their
 * random id in an HttpOnly cookie of their own. The device cookie (decision 050) is set at sign-in,
 * at registration's completion and at a password reset, and only ever relaxes the per-phone limits
 * for the member it was issued to.
 */
export async function identityRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const secure = deps.config.production;

  registerRoute(app, api.register, async (request, reply) => {
    const started = await startRegistration(deps, request.body, ctxOf(request));
    setFlowCookie(reply, registrationCookie, started.pendingId, secure);
    return reply.code(201).send({
      phoneMasked: started.phoneMasked,
      codeExpiresAt: started.codeExpiresAt.toISOString(),
      resendAvailableAt: started.resendAvailableAt.toISOString(),
    });
  });

  registerRoute(app, api.registerResend, async (request) => {
    const timers = await resendRegistrationCode(deps, readFlowCookie(request, registrationCookie), ctxOf(request));
    return { codeExpiresAt: timers.codeExpiresAt.toISOString(), resendAvailableAt: timers.resendAvailableAt.toISOString() };
  });

  registerRoute(app, api.registerVerify, async (request, reply) => {
    const { session, device, user } = await completeRegistration(
      deps,
      { pendingId: readFlowCookie(request, registrationCookie), code: request.body.code },
      ctxOf(request),
    );
    setSessionCookie(reply, session, secure);
    setDeviceCookie(reply, device, secure);
    clearFlowCookie(reply, registrationCookie, secure);
    return reply.code(201).send({ user });
  });

  registerRoute(app, api.login, async (request, reply) => {
    const { session, device, user } = await signIn(deps, request.body, ctxOf(request));
    setSessionCookie(reply, session, secure);
    setDeviceCookie(reply, device, secure);
    return { user };
  });

  registerRoute(app, api.logout, async (request, reply) => {
    await signOut(deps, request.auth);
    clearSessionCookie(reply, secure);
    return reply.code(204).send(null);
  });

  registerRoute(app, api.session, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.auth ? sessionUserOf(request.auth) : null };
  });

  registerRoute(app, api.changePassword, async (request) => {
    await changePassword(deps, requireUser(request), request.body, ctxOf(request));
    return { message: PASSWORD_CHANGED_MESSAGE };
  });

  // E-mail verification (decision 051): the signed-in member's own address, from the session.
  registerRoute(app, api.email, async (request) => emailStatus(deps, requireUser(request)));

  registerRoute(app, api.emailCode, async (request) => {
    const timers = await sendEmailCode(deps, requireUser(request), ctxOf(request));
    return { codeExpiresAt: timers.codeExpiresAt.toISOString(), resendAvailableAt: timers.resendAvailableAt.toISOString() };
  });

  registerRoute(app, api.emailVerify, async (request) => verifyEmail(deps, requireUser(request), request.body));

  registerRoute(app, api.recoveryStart, async (request, reply) => {
    const started = await startRecovery(deps, request.body.phone, ctxOf(request));
    setFlowCookie(reply, recoveryCookie, started.attemptId, secure);
    return reply.code(202).send({
      message: RECOVERY_START_MESSAGE,
      codeExpiresAt: started.codeExpiresAt.toISOString(),
      resendAvailableAt: started.resendAvailableAt.toISOString(),
    });
  });

  registerRoute(app, api.recoveryReset, async (request, reply) => {
    const { device } = await completeRecovery(
      deps,
      { attemptId: readFlowCookie(request, recoveryCookie), code: request.body.code, password: request.body.password },
      ctxOf(request),
    );
    clearFlowCookie(reply, recoveryCookie, secure);
    clearSessionCookie(reply, secure);
    setDeviceCookie(reply, device, secure);
    return { message: RECOVERY_DONE_MESSAGE };
  });
}
