import { Outlet } from 'react-router';
import { TOP_NAV_OFFSET, TopNav } from './TopNav';
import { SkipLink } from './PublicLayout';
import { Footer } from './Footer';
import { SideBar } from './SideBar';
import { BottomBar } from './BottomBar';

/**
 * The member area (specification section 2): the skip link, the fixed top bar, a side bar on
 * tablets and desktops, a bottom bar on phones, the page in <main id="main">, and the footer with
 * the company's registration (DECISIONS.md invariant 8).
 */
export function MemberLayout() {
  return (
    <div className={`flex min-h-screen flex-col ${TOP_NAV_OFFSET}`}>
      <SkipLink />
      <TopNav />
      <div className="mx-auto flex w-full max-w-6xl flex-1 gap-6 px-3 py-6 sm:px-4 md:py-8">
        <SideBar />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 scroll-mt-20 outline-none">
          <Outlet />
        </main>
      </div>
      <div className="pb-16 md:pb-0">
        <Footer />
      </div>
      <BottomBar />
    </div>
  );
}
