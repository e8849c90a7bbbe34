import { payloadProblem } from '../../shared/json/bounds';
import { AppError } from './errors';
import { text } from '../../shared/i18n/text';

/**
 * Refuses (400 PAYLOAD_UNSTORABLE) an outside body that could not be stored as received: deeper or
 * larger than the bounds of src/shared/json/bounds.ts (docs/decisions/059). Called by every route
 * that keeps a body as received (the provider callbacks), after its token check.
 */
export function assertStorablePayload(value: unknown): void {
  if (payloadProblem(value) !== null) throw new AppError(400, 'PAYLOAD_UNSTORABLE', text('errors.PAYLOAD_UNSTORABLE'));
}
