import { useSyncExternalStore } from 'react';

/**
 * A small toast store (top centre, specification section 2). Loading, success, warning and error
 * toasts; error toasts in sign-in and registration stay until dismissed (duration Infinity).
 * Written here rather than pulled in as a library because toast libraries inject <style> tags,
 * which our Content-Security-Policy forbids.
 */
export type ToastKind = 'loading' | 'success' | 'warning' | 'error' | 'info';

export interface Toast {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
  readonly dismissible: boolean;
}

export interface ToastOptions {
  /** Replaces the toast with the same id (a loading toast turning into its result). */
  readonly id?: string;
  /** Milliseconds; Infinity stays until dismissed. Default 5 s (loading: until replaced). */
  readonly duration?: number;
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `t${++counter}`;
  const duration = options.duration ?? (kind === 'loading' ? Infinity : 5000);
  const existing = timers.get(id);
  if (existing) clearTimeout(existing);
  timers.delete(id);
  const next: Toast = { id, kind, message, dismissible: kind !== 'loading' };
  toasts = toasts.some((t) => t.id === id) ? toasts.map((t) => (t.id === id ? next : t)) : [...toasts, next];
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

export function dismiss(id?: string): void {
  if (id === undefined) {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    toasts = [];
  } else {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    toasts = toasts.filter((t) => t.id !== id);
  }
  emit();
}

export const toast = {
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
