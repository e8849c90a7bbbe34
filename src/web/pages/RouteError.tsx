import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The router's fallback screen: 'Unexpected Application Error!' and the status or message. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-3 p-6">
      <h1 className="text-2xl font-bold text-danger">{t('common.unexpectedError')}</h1>
      <p className="rounded bg-red-50 p-3 font-mono text-sm text-red-900">{detail}</p>
      <a href="/" className="font-semibold text-brand underline">
        {t('common.takeMeBack')}
      </a>
    </main>
  );
}
