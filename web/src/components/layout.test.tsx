import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { Layout } from './layout';

it('moves to the top and focuses the new page after a navigation, not on first render', async () => {
  const scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  render(
    <MemoryRouter initialEntries={['/one']}>
      <Routes>
        <Route element={<Layout header={<Link to="/two">Two</Link>} />}>
          <Route path="/one" element={<p>page one</p>} />
          <Route path="/two" element={<p>page two</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  expect(scrollTo).not.toHaveBeenCalled();
  expect(screen.getByRole('main')).not.toHaveFocus();
  await userEvent.click(screen.getByRole('link', { name: 'Two' }));
  expect(await screen.findByText('page two')).toBeInTheDocument();
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
  expect(screen.getByRole('main')).toHaveFocus();
  vi.unstubAllGlobals();
});
