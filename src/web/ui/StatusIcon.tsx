import type { StatusColour, StatusIcon as IconName } from '../../shared/states/loan';
import { LineIcon } from './LineIcon';

/** The specification's ten status icon names (section 3) as inline SVG paths (24 x 24, stroked). */
const PATHS: Record<IconName, string> = {
  'person-search': 'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 20c0-3.5 3-6 7-6 1 0 2 .2 2.8.5M17.5 19a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM19.3 18.8 21 20.5',
  'check-circle': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l3 3 5-6',
  error: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v5.5M12 16.5v.01',
  'highlight-off': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9l6 6M15 9l-6 6',
  update: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4M12 8v4l3 2',
  'pause-circle': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM10 9v6M14 9v6',
  'query-builder': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3.5 2',
  'currency-exchange': 'M4 9h13l-3-3M20 15H7l3 3M12 10.5v3',
  'lock-reset': 'M13 3a9 9 0 1 1-8.5 6M4 4v5h5M10 12h6v5h-6zM11.5 12v-1.5a1.5 1.5 0 0 1 3 0V12',
  block: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
};

export const COLOUR_TEXT: Record<StatusColour, string> = {
  info: 'text-brand',
  success: 'text-emerald-700',
  warning: 'text-amber-700',
  danger: 'text-red-700',
};

export const COLOUR_BG: Record<StatusColour, string> = {
  info: 'bg-brand-light border-brand',
  success: 'bg-emerald-50 border-emerald-600',
  warning: 'bg-amber-50 border-amber-600',
  danger: 'bg-red-50 border-red-600',
};

export function StatusIcon({ name, colour, className = 'h-8 w-8' }: { readonly name: IconName; readonly colour: StatusColour; readonly className?: string }) {
  return <LineIcon d={PATHS[name]} className={`${className} shrink-0 ${COLOUR_TEXT[colour]}`} testName={name} />;
}
