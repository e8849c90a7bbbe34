import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/queries';
import { WhyCards } from '../features/public';
import { QueryState } from '../features/public';
import { productFacts } from '../features/public';
import { Island } from '../app/islands/Island';

// The calculator (with its form fields and carousel) is its own chunk, requested as soon as the app
// starts: it downloads alongside GET /api/public/config, which it needs before it can show anything,
// and keeps the landing page's initial JavaScript small.
//
// Once the chunk is in, the calculator renders in place without suspending. On Preact (decision 034)
// useId numbers the ids of a page in render order, and a suspended boundary renders after the rest:
// the server (src/web/entry-server.tsx) and the hydrating browser (src/web/main.tsx) both wait for
// `calculatorReady`, so both render the page in one pass and number its ids alike.
type CalculatorProps = Parameters<typeof import('../features/public/LoanCalculator').LoanCalculator>[0];
type Calculator = ComponentType<CalculatorProps>;
let loadedCalculator: Calculator | null = null;
export const calculatorReady: Promise<void> = import('../features/public/LoanCalculator').then((module) => {
  loadedCalculator = module.LoanCalculator;
});
const LazyCalculator = lazy(() => calculatorReady.then(() => ({ default: loadedCalculator! })));
/** The loaded calculator, or the lazy one until the chunk is in; chosen once, so it never remounts. */
function LoanCalculator(props: CalculatorProps) {
  const [Component] = useState<Calculator>(() => loadedCalculator ?? LazyCalculator);
  return <Component {...props} />;
}

/**
 * The landing page (specification section 2): the slogan, the loan calculator with its preview
 * carousel and APPLY NOW, and the three cards. Every figure comes from GET /api/public/config.
 */
export default function LandingPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  // The lead states the default product's figures (the first offered); the calculator shows each product's.
  const defaultProduct = config.data?.products[0];
  const facts = defaultProduct ? productFacts(defaultProduct, t) : null;
  const promises = ['noUpfront', 'freeWithdrawal', 'earlyRepayment'] as const;

  return (
    <>
      <title>{t('public.landing.title', { appName: t('common.appName') })}</title>
      <section aria-labelledby="slogan" className="bg-linear-to-b from-brand to-brand-dark text-white">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-28 sm:pt-14">
          <h1 id="slogan" className="max-w-3xl text-3xl leading-tight font-extrabold sm:text-5xl">
            {t('public.landing.slogan')}
          </h1>
          {facts && <p className="mt-4 max-w-2xl text-base text-slate-100 sm:text-lg">{t('public.landing.lead', facts.values)}</p>}
          <ul aria-label={t('public.landing.promises.label')} className="mt-6 flex flex-col gap-2 text-sm font-semibold sm:flex-row sm:flex-wrap sm:gap-3">
            {promises.map((promise) => (
              <li key={promise} className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1.5">
                <svg
                  viewBox="0 0 24 24"
                  className="h-4 w-4 shrink-0 text-emerald-300"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M5 12l5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t(`public.landing.promises.${promise}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto -mt-20 max-w-6xl px-3 sm:px-4">
        {config.data ? (
          // An island (decision 095): on a signed-out visitor's landing page the browser hydrates it alone.
          <Island name="calculator">
            <Suspense fallback={<CalculatorFrame isPending error={null} onRetry={() => undefined} />}>
              <LoanCalculator products={config.data.products} />
            </Suspense>
          </Island>
        ) : (
          <CalculatorFrame isPending={config.isPending} error={config.error} onRetry={() => void config.refetch()} />
        )}
      </div>

      {facts && <WhyCards facts={facts} />}
    </>
  );
}

function CalculatorFrame(props: { readonly isPending: boolean; readonly error: Error | null; readonly onRetry: () => void }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:p-6">
      <QueryState {...props} />
    </div>
  );
}
