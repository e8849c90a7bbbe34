/** A wait, named for assistive technology by `label` (also shown beneath the spinner). */
export function Spinner({ label }: { readonly label: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-10" role="status" aria-label={label}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-300 border-t-brand" aria-hidden="true" />
      <span className="text-sm font-semibold text-muted">{label}</span>
    </div>
  );
}
