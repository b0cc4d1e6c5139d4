// The generator's field look: re-exports @/components/field-styles and adds warnings.
export {
  errorClasses,
  hintClasses,
  inputClasses,
  labelClasses,
  panelClasses,
} from '@/components/field-styles';
/** A note the user should read before going on, e.g. a not-yet-outdated item. */
export const warningClasses =
  'mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900';
