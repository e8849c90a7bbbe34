import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A pass of background work run every `intervalMs` in the server process: one pass at a time per
 * process (a tick that finds the previous pass still running is skipped), errors logged and never
 * thrown into the timer, the timer unref'd so it never keeps the process alive, and stop() waits
 * for the running pass. What a pass does, and how it stays safe with several processes, is the
 * job's own business (each claims its items with row locks).
 *
 * Each pass logs through a child logger carrying `job` and a `reqId` of its own (job-<uuid>), the
 * same key a request's log lines carry, so one unit of work, request or pass, is found by one id.
 */
export interface IntervalWorker<R> {
  /** One pass now (what the timer runs). */
  tick(): Promise<R>;
  stop(): Promise<void>;
}

export function startIntervalWorker<R>(input: {
  readonly name: string;
  readonly log: FastifyBaseLogger;
  readonly intervalMs: number;
  /** The pass; `log` carries the pass's job and reqId (a row processed for a request adds its originReqId). */
  readonly pass: (log: FastifyBaseLogger) => Promise<R>;
  /** Whether a pass's result is worth an info line (it did something). */
  readonly didWork: (result: R) => boolean;
}): IntervalWorker<R> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const passLog = () => input.log.child({ job: input.name, reqId: `job-${randomUUID()}` });
  const timer = setInterval(() => {
    if (running || stopped) return;
    const log = passLog();
    running = input
      .pass(log)
      .then((result) => {
        if (input.didWork(result)) log.info(result as object, input.name);
      })
      .catch((error: unknown) => log.error({ err: error }, `${input.name} pass failed`))
      .finally(() => {
        running = null;
      });
  }, input.intervalMs);
  timer.unref();
  return {
    tick: () => input.pass(passLog()),
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
