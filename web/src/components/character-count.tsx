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
        {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
      </span>
      <span className="sr-only" aria-live="polite">
        {left <= max / 10 ? `${left} ${left === 1 ? 'character' : 'characters'} left` : ''}
      </span>
    </p>
  );
}
