import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOP_NAV_OFFSET, TopNav } from './TopNav';
import { Footer } from './Footer';
import { Island } from '../islands/Island';

/** Moves keyboard focus to the main content (the link also works without JavaScript through #main). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
      className="sr-only rounded-md bg-white px-4 py-3 font-semibold text-brand shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
    >
      {t('common.skipToContent')}
    </a>
  );
}

/**
 * The public pages: skip link, top bar, the page in <main id="main">, footer. The top bar and the
 * footer are islands (decision 095): on a signed-out visitor's public page the browser hydrates them
 * alone. Pages rendered here must not add their own <main>.
 */
export function PublicLayout() {
  return (
    <div className={`flex min-h-screen flex-col ${TOP_NAV_OFFSET}`}>
      <SkipLink />
      <Island name="header">
        <TopNav />
      </Island>
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 outline-none">
        <Outlet />
      </main>
      <Island name="footer">
        <Footer />
      </Island>
    </div>
  );
}
