import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import type * as Router from 'react-router-dom';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Header } from './header';

// Counts the main links' renders: each one resolves its URL.
const navLinkRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-router-dom', async (importOriginal) => {
  const router = await importOriginal<typeof Router>();
  function NavLink(props: ComponentProps<typeof router.NavLink>) {
    navLinkRenders.count += 1;
    return <router.NavLink {...props} />;
  }
  return { ...router, NavLink };
});

function renderHeader(overdueCount?: number) {
  render(
    <MemoryRouter>
      <Header signedIn account={null} overdueCount={overdueCount} />
    </MemoryRouter>,
  );
}

describe('the header’s overdue count', () => {
  it('shows on "My Disputes" and, while the phone menu is closed, on its button', async () => {
    renderHeader(2);
    const link = screen.getByRole('link', { name: 'My Disputes 2 overdue' });
    expect(within(link).getByTestId('overdue-badge')).toHaveTextContent('2 overdue');
    const button = screen.getByRole('button', { name: 'Open menu, 2 overdue' });
    expect(within(button).getByTestId('menu-overdue-badge')).toHaveTextContent('2');
    await userEvent.click(button);
    // Open, the link shows the count itself.
    expect(button).toHaveAccessibleName('Close menu');
    expect(within(button).queryByTestId('menu-overdue-badge')).not.toBeInTheDocument();
  });

  it('says nothing when no dispute needs the user', () => {
    renderHeader(0);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByTestId('overdue-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('menu-overdue-badge')).not.toBeInTheDocument();
  });
});

it('a new account area (as a session starts) re-renders none of the main links', () => {
  const header = (account: string) => (
    <MemoryRouter>
      <Header signedIn account={<span>{account}</span>} overdueCount={1} />
    </MemoryRouter>
  );
  const { rerender } = render(header('Signing in'));
  const rendered = navLinkRenders.count;
  expect(rendered).toBeGreaterThan(0);
  rerender(header('Active Subscription'));
  expect(screen.getByText('Active Subscription')).toBeInTheDocument();
  expect(navLinkRenders.count).toBe(rendered);
});
