import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { AppError } from '../../http/errors';
import { readWithSession, requireUser } from '../../http/session';
import { activationApi as api } from '../../../shared/api/activation';
import { changePayoutAccount, getPayoutAccount, requestPayoutChangeCode } from './payout-change';
import { getActivation, memberAccountOf, memberAccountWithSession, saveAddress, saveBank, saveIdentity, savePersonal, saveReferences } from './service';

/**
 * The activation wizard's API: GET the state and saved data, PUT each step (answers the new state),
 * and the Settings Account dialog. Always the session's member. Contracts: src/shared/api/activation.ts.
 */
export async function activationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const member = (request: Parameters<typeof requireUser>[0]) => {
    const auth = requireUser(request);
    return { userId: auth.userId, phone: auth.phone };
  };

  registerRoute(app, api.get, async (request) => getActivation(deps, requireUser(request).userId));
  registerRoute(app, api.personal, async (request) => savePersonal(deps, member(request), request.body, requestOrigin(request)));
  registerRoute(app, api.address, async (request) => saveAddress(deps, member(request), request.body));
  registerRoute(app, api.references, async (request) => saveReferences(deps, member(request), request.body));
  registerRoute(app, api.identity, async (request) => saveIdentity(deps, member(request), request.body));
  registerRoute(app, api.bank, async (request) => saveBank(deps, member(request), request.body));

  registerRoute(app, api.payoutAccount, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getPayoutAccount(deps, requireUser(request).userId);
  });
  registerRoute(app, api.payoutAccountCode, async (request) => requestPayoutChangeCode(deps, member(request), request.body, requestOrigin(request)));
  registerRoute(app, api.changePayoutAccount, async (request) => changePayoutAccount(deps, member(request), request.body, requestOrigin(request)));
  // A hot read: the session and every section in one statement (decisions 038, 042); the session is checked before the sections are used.
  registerRoute(
    app,
    api.account,
    async (request) => {
      const { sections } = await readWithSession(request, deps, (key) => memberAccountWithSession(deps.db, key));
      const auth = requireUser(request);
      // A session row accepted always comes with its sections (the statement's one row).
      if (!sections) throw new AppError(401, 'UNAUTHENTICATED');
      return memberAccountOf(auth, sections);
    },
    { config: { sessionInStatement: true } },
  );
}
