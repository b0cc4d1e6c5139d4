import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CharacterCount } from './character-count';

describe('CharacterCount', () => {
  it('shows the count and the limit with US thousands separators', () => {
    const { container } = render(<CharacterCount length={1234} max={10000} />);
    expect(container.textContent).toContain('1,234 / 10,000');
  });

  it('says how many characters are left only near the limit', () => {
    const { rerender } = render(<CharacterCount length={120} max={1500} />);
    expect(screen.queryByText(/left$/)).toBeNull();
    rerender(<CharacterCount length={1499} max={1500} />);
    expect(screen.getByText('1 character left')).toBeTruthy();
    rerender(<CharacterCount length={1400} max={1500} />);
    expect(screen.getByText('100 characters left')).toBeTruthy();
  });
});
