import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireRole } from '../../http/session';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { collectionsApi as api } from '../../../shared/api/collections';
import { addNote, listNotes, listReminders, servicingStaff } from './notes';
import { portfolio } from './portfolio';
import { collectionsQueue } from './queue';

const STAFF = STAFF_ROLES;

/**
 * The back office's collections (OFFICER and ADMIN): the queue of loans past due
 * by days-past-due bucket, a loan's internal notes and reminders, who acted on its payments and
 * charges, and the portfolio from the ledger. Reads, except a note (audited). Contracts:
 * src/shared/api/collections.ts.
 */
export async function collectionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.queue, async (request) => {
    requireRole(request, STAFF);
    return collectionsQueue(deps, request.query);
  });
  registerRoute(app, api.portfolio, async (request) => {
    requireRole(request, STAFF);
    return portfolio(deps, request.query);
  });
  registerRoute(app, api.notes, async (request) => {
    requireRole(request, STAFF);
    return listNotes(deps, request.params.loanId, request.query);
  });
  registerRoute(app, api.addNote, async (request, reply) =>
    reply.code(201).send(await addNote(deps, requireRole(request, STAFF), request.params.loanId, request.body, requestOrigin(request))),
  );
  registerRoute(app, api.reminders, async (request) => {
    requireRole(request, STAFF);
    return listReminders(deps, request.params.loanId, request.query);
  });
  registerRoute(app, api.servicingStaff, async (request) => {
    requireRole(request, STAFF);
    return servicingStaff(deps, request.params.loanId);
  });
}
