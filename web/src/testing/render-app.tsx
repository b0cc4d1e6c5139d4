import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { getSupabase, mayHaveSession } from '@/lib/supabase';
import type { FakeSupabase } from './fake-supabase';

let currentPath = '';
let currentSearch = '';
function LocationProbe() {
  ({ pathname: currentPath, search: currentSearch } = useLocation());
  return null;
}

/** The path the app is showing now (navigation included). */
export const pathname = () => currentPath;
/** The query string of the page the app is showing now (`?a=b`, or ''). */
export const search = () => currentSearch;

/**
 * Renders the whole app (real providers, real routes) at `route` on top of a fake client.
 * The test file must declare `vi.mock('@/lib/supabase')`.
 */
export function renderApp(route: string, fake: FakeSupabase) {
  vi.mocked(getSupabase).mockResolvedValue(fake.client);
  vi.mocked(mayHaveSession).mockReturnValue(fake.hasStoredSession);
  toast.remove();
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProvider>
        <AppRouter />
        <LocationProbe />
      </AppProvider>
    </MemoryRouter>,
  );
}

/**
 * Signs the default user (Jane Doe) out through the user menu, answering the "Sign out" dialog
 * with `answer` (without one, none is answered); resolves once the client signed out.
 */
export async function signOutFromMenu(
  fake: FakeSupabase,
  answer?: 'Keep on this device' | 'Clear from this device',
) {
  await userEvent.click(await screen.findByRole('button', { name: /Jane Doe/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
  if (answer) {
    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    await userEvent.click(within(dialog).getByRole('button', { name: answer }));
  }
  await waitFor(() => expect(fake.auth.signOut).toHaveBeenCalled());
}
