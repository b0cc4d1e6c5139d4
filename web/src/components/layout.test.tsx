import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import type * as Router from 'react-router-dom';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Layout } from './layout';

// Records each link's renders by target: each one resolves its URL.
const linkRenders = vi.hoisted(() => [] as unknown[]);
vi.mock('react-router-dom', async (importOriginal) => {
  const router = await importOriginal<typeof Router>();
  function Link(props: ComponentProps<typeof router.Link>) {
    linkRenders.push(props.to);
    return <router.Link {...props} />;
  }
  return { ...router, Link };
});

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

it('a new header (as a session starts) re-renders none of the footer', () => {
  const page = (header: string) => (
    <MemoryRouter initialEntries={['/one']}>
      <Routes>
        <Route element={<Layout header={<p>{header}</p>} />}>
          <Route path="/one" element={<p>page one</p>} />
        </Route>
      </Routes>
    </MemoryRouter>
  );
  linkRenders.length = 0;
  const { rerender } = render(page('Signing in'));
  const termsRenders = () => linkRenders.filter((to) => to === paths.terms).length;
  expect(termsRenders()).toBe(1);
  rerender(page('Active Subscription'));
  expect(screen.getByText('Active Subscription')).toBeInTheDocument();
  expect(termsRenders()).toBe(1);
});
