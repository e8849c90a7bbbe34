import type { DisclosureDto } from '../../../../shared/schemas/loans';

/** GET /api/loans/quote's answer. */
export interface QuoteResponse {
  readonly productCode: string;
  readonly productVersion: number;
  readonly disclosure: DisclosureDto;
}

/** Which of the three dialogs is open. */
export type ApplyStep = 'agreement' | 'disclosure' | 'confirm' | null;
