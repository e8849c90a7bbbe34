import { z } from 'zod';

/**
 * Every error the API answers: { error: { code, message, fields? } }. Re-exported by errors.ts;
 * each call is marked pure so that a bundle which never reads it (the web app) leaves it, and zod,
 * out (the landing page's JavaScript).
 */
export const apiErrorSchema = /* @__PURE__ */ z.object({
  error: /* @__PURE__ */ z.object({
    code: /* @__PURE__ */ z.string(),
    message: /* @__PURE__ */ z.string(),
    fields: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
