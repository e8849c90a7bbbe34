import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (Content-Security-Policy, HSTS in production,
 * X-Frame-Options and the rest of helmet's set), decided once at start (decision 038).
 *
 * @fastify/helmet called `helmet(options)` on every request: it rebuilt its thirteen middlewares and
 * parsed and validated the CSP directives each time, in two onRequest hooks (one async), only to set
 * the same fixed headers. Here helmet runs once, against a recording response, and the hook replays
 * what it did (the same setHeader calls in the same order, and its removal of X-Powered-By) on each
 * response. security-headers.test.ts checks the headers equal @fastify/helmet's with the same options.
 */
export function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  };
}

type HeaderStep = { readonly set: string; readonly value: string | number | readonly string[] } | { readonly remove: string };

/** What helmet does to a response with these options, in order: headers set and removed. */
export function securityHeaderSteps(options: HelmetOptions): readonly HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ set: name, value });
      return recorder;
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let failure: unknown = null;
  // Every directive is a fixed string (no function of the request), so the result is the same for every request.
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return steps;
}

/** Sets the security headers on every response, as the first onRequest hook after the request id. */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const steps = securityHeaderSteps(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
    done();
  });
}
