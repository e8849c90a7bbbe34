import { z } from 'zod';

/** Every error the API answers: { error: { code, message, fields? } }. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * The documented error codes. The loan endpoints add LOAN_ERROR_CODES (./loans), the withdrawal
 * endpoints WITHDRAWAL_ERROR_CODES (./withdrawals).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'SIGN_IN_LOCKED',
  'REGISTRATION_EXPIRED',
  'RECOVERY_EXPIRED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_USED',
  'CODE_LOCKED',
  'CODE_NOT_FOUND',
  'ORIGIN_REFUSED',
  /** 409: an ADMIN's product version breaks a cap of the product rules; the message lists each reason. */
  'PRODUCT_REFUSED',
  /** 503: the database cannot be reached for now (Retry-After says when to try again); nothing was done. */
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
