const base =
  'inline-flex items-center justify-center gap-2 text-center rounded-lg px-5 py-3 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/**
 * One primary per view (its main action); secondary and tertiary beneath it. `light` is the
 * primary on a dark section, `lightOutline` the secondary there.
 */
const variants = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-brand-700 bg-surface text-brand-800 hover:bg-brand-50',
  tertiary: 'px-2 text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline',
  light: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  lightOutline: 'border border-white/80 text-white hover:bg-white/10',
} as const;

export type ButtonVariant = keyof typeof variants;

/** One look for every button and button-like link. */
export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
