// The shared field look; the dispute generator's field-styles.ts re-exports it and adds its own.
/** One look for form fields, their labels and the panels holding them. */
export const inputClasses =
  'mt-1 block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-brand-700 aria-[invalid=true]:border-red-700';
export const labelClasses = 'block text-sm font-semibold text-gray-900';
export const panelClasses = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';
export const hintClasses = 'mt-1 text-sm text-gray-700';
export const errorClasses = 'mt-1 text-sm font-semibold text-red-700';
