export const inputClasses =
  'mt-1 block w-full rounded-lg border border-gray-400 px-3 py-2 text-gray-900 focus:border-blue-700';
