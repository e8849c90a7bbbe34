import { call } from '../../../lib/api';
import { identityApi } from '../../../../shared/api/identity';
import type { Started } from './types';

/** Asks for a reset code for the number: the same answer whether or not it is registered (no account enumeration). */
export async function requestCode(phone: string): Promise<Started> {
  const answer = await call(identityApi.recoveryStart, { body: { phone } });
  return { phone, codeExpiresAt: answer.codeExpiresAt, resendAvailableAt: answer.resendAvailableAt };
}
