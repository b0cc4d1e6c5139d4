import { describe, expect, it, vi } from 'vitest';
import { onFirstInput } from './on-first-input';

describe('onFirstInput', () => {
  it('runs once, at the first click, key or scroll', () => {
    for (const event of [
      new Event('pointerdown'),
      new KeyboardEvent('keydown'),
      new Event('scroll'),
    ]) {
      const action = vi.fn();
      onFirstInput(action);
      expect(action).not.toHaveBeenCalled();
      document.body.dispatchEvent(event);
      document.body.dispatchEvent(new Event('pointerdown'));
      expect(action).toHaveBeenCalledTimes(1);
    }
  });

  it('does nothing once cancelled', () => {
    const action = vi.fn();
    onFirstInput(action)();
    document.body.dispatchEvent(new Event('pointerdown'));
    expect(action).not.toHaveBeenCalled();
  });
});
