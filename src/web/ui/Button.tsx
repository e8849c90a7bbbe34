import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'accent' | 'outline' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark disabled:bg-slate-400',
  accent: 'bg-accent text-white hover:bg-accent-dark disabled:bg-slate-400',
  outline: 'border-2 border-brand text-brand hover:bg-brand-light disabled:border-slate-300 disabled:text-slate-500',
  ghost: 'text-brand hover:bg-brand-light disabled:text-slate-500',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: Variant;
  readonly busy?: boolean;
  readonly block?: boolean;
}

export function Button({ variant = 'primary', busy = false, block = false, className = '', disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 text-sm font-semibold tracking-wide uppercase transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${block ? 'w-full' : ''} ${className}`}
      {...rest}
    >
      {busy && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
      {children}
    </button>
  );
}
