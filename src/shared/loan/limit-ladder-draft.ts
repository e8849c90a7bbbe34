import { toDecimalString, type Centavos } from '../money/money';
import type { LimitLadderDraft } from '../schemas/limit-ladder';
import type { LimitLadder } from './limit-ladder';

/** The ladder of an ADMIN's draft (amounts as decimal strings) and of a ProductConfig (centavos), one from the other. */
export function ladderFromDraft(draft: LimitLadderDraft, money: (text: string) => Centavos): LimitLadder {
  return {
    steps: draft.steps.map((s) => ({ afterOnTimeLoans: s.afterOnTimeLoans, maxAmount: money(s.maxAmount) })),
    onTimeDays: draft.onTimeDays,
    seriousLateDays: draft.seriousLateDays,
    fallbackMaxAmount: money(draft.fallbackMaxAmount),
  };
}

export function ladderToDraft(ladder: LimitLadder): LimitLadderDraft {
  return {
    steps: ladder.steps.map((s) => ({ afterOnTimeLoans: s.afterOnTimeLoans, maxAmount: toDecimalString(s.maxAmount) })),
    onTimeDays: ladder.onTimeDays,
    seriousLateDays: ladder.seriousLateDays,
    fallbackMaxAmount: toDecimalString(ladder.fallbackMaxAmount),
  };
}
