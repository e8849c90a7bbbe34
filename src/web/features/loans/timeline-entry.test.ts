import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n/lookup';
import type { Language } from '../../../shared/i18n/languages';
import { timelineEntryText } from './timeline-entry';

const tIn = (language: Language) => ((key: string, values?: Record<string, string>) => translate(language, key, values)) as unknown as TFunction;

describe('a timeline entry in the reader language', () => {
  it('builds the actor phrase grammatically in Filipino: "Nag-apply ka", "ni Ana", "ng system", never "ni You" or "ni ang system"', () => {
    const fil = tIn('fil');
    expect(timelineEntryText(fil, { action: 'APPLY', actor: 'YOU', actorName: null })).toBe('Nag-apply ka');
    expect(timelineEntryText(fil, { action: 'SIGN', actor: 'YOU', actorName: null })).toBe('Pinirmahan mo ang kontrata');
    expect(timelineEntryText(fil, { action: 'APPROVE', actor: 'PERSON', actorName: 'Ana Reyes' })).toBe('Inaprubahan ni Ana Reyes ang aplikasyon');
    expect(timelineEntryText(fil, { action: 'DISBURSE', actor: 'SYSTEM', actorName: null })).toBe('Inilabas ng system ang loan sa wallet');
    for (const action of ['APPLY', 'SIGN', 'ACTIVATE', 'REPAY', 'CANCEL'] as const) {
      for (const actor of ['YOU', 'SYSTEM'] as const) {
        const said = timelineEntryText(fil, { action, actor, actorName: null });
        expect(said).not.toMatch(/\bYou\b|ni ang|loans\.status/);
      }
    }
  });

  it('says in English who acted, and that a loan became active (not an account "activated by the system")', () => {
    const en = tIn('en');
    expect(timelineEntryText(en, { action: 'APPLY', actor: 'YOU', actorName: null })).toBe('You applied');
    expect(timelineEntryText(en, { action: 'APPROVE', actor: 'PERSON', actorName: 'Ana Reyes' })).toBe('Ana Reyes approved the application');
    expect(timelineEntryText(en, { action: 'ACTIVATE', actor: 'SYSTEM', actorName: null })).toBe('The loan became active: the repayment period started');
  });
});
