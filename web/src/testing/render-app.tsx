import { render } from '@testing-library/react';
import toast from 'react-hot-toast';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
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
