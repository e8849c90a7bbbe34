import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductFacts } from './facts';
import { LineIcon } from '../../ui/LineIcon';

const ICONS: Record<'lowest' | 'flexible' | 'exclusive', ReactNode> = {
  lowest: <path d="M6 18L18 6M8.5 8.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM19.5 15.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0z" />,
  flexible: <path d="M4 17l5-5 4 4 7-8M15 8h5v5" />,
  exclusive: <path d="M7 11V8a5 5 0 0 1 9.6-2M5 11h14v10H5zM12 15v2" />,
};

/**
 * 'Why the company': three cards whose copy is rendered from the product configuration
 * (DECISIONS.md section 1: claims must be true).
 */
export function WhyCards({ facts }: { readonly facts: ProductFacts }) {
  const { t } = useTranslation();
  const cards = ['lowest', 'flexible', 'exclusive'] as const;
  return (
    <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="why-heading" className="text-center text-2xl font-bold text-brand sm:text-3xl">
        {t('public.landing.cards.heading', { appName: t('common.appName') })}
      </h2>
      <ul className="mt-8 grid gap-5 md:grid-cols-3">
        {cards.map((card) => (
          <li key={card} className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent text-white">
              <LineIcon>{ICONS[card]}</LineIcon>
            </span>
            <h3 className="text-lg font-bold text-brand">{t(`public.landing.cards.${card}.title`)}</h3>
            <p className="text-sm leading-relaxed text-ink">{t(`public.landing.cards.${card}.body`, facts.values)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
