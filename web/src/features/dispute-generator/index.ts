import { createElement } from 'react';

/** Placeholder until the letter form lands here (owned by the letter engineer). */
export function DisputeGenerator() {
  return createElement('p', { className: 'text-gray-700' }, 'The letter form will appear here.');
}
