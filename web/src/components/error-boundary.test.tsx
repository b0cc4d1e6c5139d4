import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('chunk failed');
}

it('shows a way out instead of a blank page when a page throws', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <PageErrorBoundary>
      <Broken />
    </PageErrorBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  expect(logged).toHaveBeenCalledWith('Page error:', expect.any(Error));
  logged.mockRestore();
});
