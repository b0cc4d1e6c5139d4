import 'fake-indexeddb/auto';
import { addDays, toIsoDate } from '@shared/letters';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisputeStore, remindersSwitchedOn, switchReminders } from '@/lib/device-store';
import { deleteDisputesDatabase, hasDisputesOnDevice } from '@/lib/device-store/disputes-db';
import { signedIn } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

/**
 * "Delete all my data" with our server: its copies (the synced copy, the reminders) go first,
 * whether or not sync is on in this browser; when it does not confirm, nothing here goes.
 */
const today = toIsoDate(new Date());
const DETAILS = 'credit-dispute-letters:your-details:user-1';

let calls: string[] = [];
/** Our server: the reminders and sync routes, with `sync` answering the delete. */
function server(sync: number) {
  let remindersOn = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url).pathname;
      calls.push(`${method} ${path}`);
      if (path === '/functions/v1/sync/records') return new Response(null, { status: sync });
      if (method === 'DELETE') remindersOn = false;
      if (method === 'PUT') remindersOn = true;
      return Response.json({ available: true, enabled: remindersOn, rounds: [] });
    }),
  );
}

async function seed() {
  const store = await DisputeStore.open('user-1');
  await store.put(sampleDispute({ mailedOn: addDays(today, -5), deliveredOn: addDays(today, -3) }));
  store.close();
  localStorage.setItem(DETAILS, JSON.stringify({ name: 'Jane Doe' }));
  switchReminders('user-1', true);
}

afterEach(async () => {
  await deleteDisputesDatabase('user-1');
  localStorage.clear();
  calls = [];
  vi.unstubAllGlobals();
});

describe('"Delete all my data" and our server', () => {
  it('deletes the synced copy and turns reminders off on the server, then everything here; the emptied list is not sent', async () => {
    await seed();
    server(204);
    renderApp('/disputes', signedIn());
    const reminders = await screen.findByRole('checkbox', {
      name: 'E-mail me when a response is due',
    });
    await waitFor(() => expect(reminders).toBeChecked());
    await waitFor(() => expect(calls).toContain('PUT /functions/v1/reminders'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete all my data' }));
    expect(screen.getByText(/turns off\s+e-mail reminders/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    expect(await screen.findByRole('heading', { name: 'No disputes yet' })).toBeInTheDocument();
    await waitFor(() => expect(reminders).not.toBeChecked());

    const after = calls.slice(calls.indexOf('DELETE /functions/v1/reminders'));
    expect(calls).toContain('DELETE /functions/v1/sync/records');
    // A PUT of no rounds would turn reminders on again for the account.
    expect(after.filter((call) => call.startsWith('PUT'))).toEqual([]);
    expect(remindersSwitchedOn('user-1')).toBe(false);
    expect(localStorage.getItem(DETAILS)).toBeNull();
    expect(await hasDisputesOnDevice('user-1')).toBe(false);
  });

  it('keeps everything here and says so when the server does not confirm deleting its copy', async () => {
    await seed();
    server(503);
    renderApp('/disputes?dispute=d1', signedIn());
    await screen.findByRole('article', { name: /Round 1/ });
    await userEvent.click(screen.getByRole('button', { name: 'Delete all my data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(
      'Your data was not deleted: our server did not confirm deleting its copy (your synced data and e-mail reminders), so nothing in this browser was deleted either. Check your connection and try again.',
    );
    expect(screen.getByRole('article', { name: /Round 1/ })).toBeInTheDocument();
    expect(localStorage.getItem(DETAILS)).not.toBeNull();
    expect(await hasDisputesOnDevice('user-1')).toBe(true);
    expect(remindersSwitchedOn('user-1')).toBe(true);
  });
});
