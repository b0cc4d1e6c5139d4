const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800',
  secondary: 'border border-blue-700 bg-white text-blue-800 hover:bg-blue-50',
  light: 'bg-white text-blue-800 hover:bg-blue-50',
} as const;

/** One look for every button and button-like link. */
export function buttonClasses(variant: keyof typeof variants = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
