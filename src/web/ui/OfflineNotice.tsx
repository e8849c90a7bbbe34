import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * While the browser is offline: what still works (the public pages and the calculator, from what
 * the service worker saved) and that balances, loans and the wallet are shown only online. The API
 * is never answered from a saved copy (src/web/service-worker.js), so no old figure passes for a
 * current one.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div role="status" data-offline-notice className="fixed inset-x-0 bottom-20 z-[90] flex justify-center px-3 sm:bottom-4">
      <div className="w-full max-w-md rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-lg">
        <p className="font-bold">{t('common.offline.title')}</p>
        <p className="mt-1">{t('common.offline.text')}</p>
      </div>
    </div>
  );
}
