/**
 * "1500" → "1,500". The site is in US English only, and Intl's first number format loads ICU
 * data: about 80 ms inside the generator's first render on a throttled phone.
 */
const formatCount = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

interface CharacterCountProps {
  length: number;
  max: number;
}

/**
 * "120 / 1,500" under a text field. Screen readers hear it only near the limit, not on every
 * keystroke.
 */
export function CharacterCount({ length, max }: CharacterCountProps) {
  const left = Math.max(0, max - length);
  return (
    <p className="mt-1 text-right text-xs text-gray-700">
      <span aria-hidden="true">
        {formatCount(length)} / {formatCount(max)}
      </span>
      <span className="sr-only" aria-live="polite">
        {left <= max / 10 ? `${left} ${left === 1 ? 'character' : 'characters'} left` : ''}
      </span>
    </p>
  );
}
