/** The one look of every text field and its label. */
export const inputClasses =
  'mt-1 block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-brand-700';
export const labelClasses = 'block text-sm font-semibold text-gray-900';
