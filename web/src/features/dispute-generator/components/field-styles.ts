// The generator's field look: re-exports @/components/field-styles and adds hints and warnings.
export { inputClasses, labelClasses, panelClasses } from '@/components/field-styles';
export const hintClasses = 'mt-1 text-sm text-gray-700';
export const errorClasses = 'mt-1 text-sm font-semibold text-red-700';
/** A note the user should read before going on, e.g. a not-yet-outdated item. */
export const warningClasses =
  'mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900';
