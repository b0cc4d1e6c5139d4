import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

function Controlled(props: Omit<Parameters<typeof FormField>[0], 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <FormField {...props} value={value} onChange={setValue} />;
}

describe('FormField (the generator and the checkup)', () => {
  it('reads its error and hint with the field, and marks it invalid', () => {
    render(<Controlled label="Balance" error="Enter the balance as a number." hint="As shown" />);
    const field = screen.getByLabelText('Balance');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter the balance as a number. As shown');
  });

  it('a select has an empty first option only with a placeholder', () => {
    const options = [{ value: 'experian', label: 'Experian' }];
    const { unmount } = render(<Controlled label="Bureau" type="select" options={options} />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Experian']);
    unmount();
    render(
      <Controlled label="Bureau" type="select" options={options} placeholder="Select a bureau" />,
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a bureau',
      'Experian',
    ]);
  });

  it('keeps its limit on a long paste and counts what it kept', async () => {
    render(<Controlled label="Address" type="textarea" maxLength={300} />);
    const field = screen.getByLabelText('Address');
    field.focus();
    await userEvent.paste('x'.repeat(10_000));
    expect(field).toHaveValue('x'.repeat(300));
    expect(screen.getByText('300 / 300')).toBeInTheDocument();
  });
});
