import { useTranslation } from 'react-i18next';
import { dismiss, useToasts, type ToastKind } from './toast';

const STYLES: Record<ToastKind, string> = {
  loading: 'bg-white text-ink border-slate-300',
  success: 'bg-green-50 text-green-900 border-green-600',
  warning: 'bg-amber-50 text-amber-900 border-amber-600',
  error: 'bg-red-50 text-red-900 border-red-600',
  info: 'bg-blue-50 text-blue-900 border-blue-600',
};

/** The toast area at the top centre. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
          data-toast={item.kind}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${STYLES[item.kind]}`}
        >
          {item.kind === 'loading' && (
            <span className="mt-1 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand" aria-hidden="true" />
          )}
          <p className="flex-1 text-sm font-medium">{item.message}</p>
          {item.dismissible && (
            <button
              type="button"
              onClick={() => dismiss(item.id)}
              className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
              aria-label={t('common.close')}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
