import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { situations } from '../lib/type-helper';
import { TypeHelper } from './type-helper';

describe('Not sure which type?', () => {
  it('maps plain situations to the error type that disputes them', () => {
    const types = new Map(situations().map((each) => [each.situation, each.type]));
    expect(types.get('A collection I don’t recognise')).toBe('not-mine');
    expect(types.get('A late payment I paid on time')).toBe('incorrect-payment-history');
    expect(types.get('The same debt listed twice')).toBe('duplicate-account');
  });

  it('chooses the type and closes', async () => {
    const onChoose = vi.fn();
    render(
      <>
        <div>
          <label htmlFor="type">Error Type</label>
          <select id="type" />
        </div>
        <TypeHelper onChoose={onChoose} />
      </>,
    );
    await userEvent.click(screen.getByText('Not sure which type?'));
    await userEvent.click(
      screen.getByRole('button', {
        name: 'A late payment I paid on time: Incorrect Payment History',
      }),
    );
    expect(onChoose).toHaveBeenCalledWith('incorrect-payment-history');
    expect(screen.getByText('Not sure which type?').closest('details')).not.toHaveAttribute('open');
    // Back on the field it filled (issue 41): not left on a button that has closed.
    expect(screen.getByLabelText('Error Type')).toHaveFocus();
  });
});
