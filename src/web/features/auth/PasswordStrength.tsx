import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadZxcvbn } from './zxcvbn';

const BAR_COLOURS = ['bg-red-700', 'bg-orange-600', 'bg-amber-500', 'bg-lime-600', 'bg-green-700'] as const;
const TEXT_COLOURS = ['text-red-800', 'text-orange-800', 'text-amber-800', 'text-lime-800', 'text-green-800'] as const;

interface Estimate {
  readonly score: number;
}

/**
 * A five-level strength meter (NIST SP 800-63B: show strength, do not impose composition rules).
 * Advisory only: the server is what refuses common passwords.
 */
export function PasswordStrength({ password, userInputs }: { readonly password: string; readonly userInputs: readonly string[] }) {
  const { t } = useTranslation();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const inputsKey = userInputs.filter(Boolean).join('\u0000');

  useEffect(() => {
    if (!password) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadZxcvbn()
        .then((zxcvbn) => {
          if (!cancelled) setEstimate({ score: zxcvbn.check(password, inputsKey ? inputsKey.split('\u0000') : []).score });
        })
        .catch(() => {
          // The meter is advisory; without it the rule hint and the server's check still apply.
        });
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  if (!password) return null;
  // While a new estimate is on its way the previous one stays (no flicker between keystrokes).
  const score = estimate ? estimate.score : null;
  const level = score === null ? null : t(`auth.strength.level${score}`);
  return (
    <div className="flex flex-col gap-1">
      <div className="grid grid-cols-5 gap-1" aria-hidden="true">
        {BAR_COLOURS.map((colour, index) => (
          <span key={colour} className={`h-1.5 rounded-full ${score !== null && index <= score ? BAR_COLOURS[score] : 'bg-slate-200'}`} />
        ))}
      </div>
      <p className={`text-xs font-semibold ${score === null ? 'text-muted' : TEXT_COLOURS[score]}`} aria-live="polite">
        {level === null ? t('auth.strength.checking') : t('auth.strength.value', { level })}
      </p>
    </div>
  );
}
