import { z } from 'zod';

/** GET /healthz: the process is up (nothing else is checked). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: 200 when every check holds, 503 otherwise; the checks say which failed (no detail beyond that). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    /** The embedded data directory's lock is still this process's (always true on PostgreSQL). */
    lock: z.boolean(),
    /** False once the process is shutting down: a load balancer stops sending it requests. */
    accepting: z.boolean(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
