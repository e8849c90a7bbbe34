import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for (issue 11: a request id carried into jobs). app.ts enters
 * it for every request (onRequest, callback style so that the handler and everything it awaits run
 * inside); a row a request creates for a job to finish later (an outbox message, a withdrawal)
 * stores currentRequestId() in its request_id column, and the job pass that processes the row logs
 * it as originReqId beside the pass's own reqId. Outside a request (a job, a script): undefined.
 */
const storage = new AsyncLocalStorage<{ readonly reqId: string }>();

export function runWithRequestId<T>(reqId: string, fn: () => T): T {
  return storage.run({ reqId }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}
