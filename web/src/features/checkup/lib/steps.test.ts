import { describe, expect, it } from 'vitest';
import { resumeStep, stepParams } from './steps';

describe('the steps', () => {
  it('keep the practice run in the address, so Back and reload stay in it', () => {
    expect(stepParams('findings', true)).toEqual({ step: 'findings', practice: '1' });
    expect(stepParams('findings', false)).toEqual({ step: 'findings' });
  });

  it('"Continue" reopens the step the consumer was last on', () => {
    expect(resumeStep('collections')).toBe('collections');
    expect(resumeStep('letters')).toBe('letters');
    expect(resumeStep('')).toBe('personal');
    expect(resumeStep('start')).toBe('personal');
    expect(resumeStep('nowhere')).toBe('personal');
  });
});
