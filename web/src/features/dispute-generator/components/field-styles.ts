export const inputClasses =
  'mt-1 block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-blue-700 aria-[invalid=true]:border-red-700';
export const labelClasses = 'block text-sm font-semibold text-gray-900';
export const panelClasses = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';
export const hintClasses = 'mt-1 text-sm text-gray-700';
export const errorClasses = 'mt-1 text-sm font-semibold text-red-700';
/** A note the user should read before going on, e.g. a not-yet-outdated item. */
export const warningClasses =
  'mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900';
