import 'fake-indexeddb/auto';
import { addDays, toIsoDate } from '@shared/letters';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DisputeStore, STORAGE_KEYS } from '@/lib/device-store';
import {
  deleteDisputesDatabase as deleteDisputesOnDevice,
  hasDisputesOnDevice,
} from '@/lib/device-store/disputes-db';
import { TINY_PNG } from '@/testing/exhibit-fixtures';
import { createFakeSupabase, signedIn } from '@/testing/fake-supabase';
import { pathname, renderApp, signOutFromMenu } from '@/testing/render-app';

vi.mock('@/lib/supabase');

const today = toIsoDate(new Date());
const DETAILS_OF_USER_1 = 'credit-dispute-letters:your-details:user-1';

async function seed(userId: string, ...disputes: ReturnType<typeof sampleDispute>[]) {
  const store = await DisputeStore.open(userId);
  for (const dispute of disputes) await store.put(dispute);
  store.close();
}

function read<T>(blob: Blob, as: 'readAsArrayBuffer' | 'readAsText'): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error);
    reader[as](blob);
  });
}

beforeAll(() => {
  // jsdom has no Blob reading methods.
  Blob.prototype.arrayBuffer ??= function (this: Blob) {
    return read<ArrayBuffer>(this, 'readAsArrayBuffer');
  };
  Blob.prototype.text ??= function (this: Blob) {
    return read<string>(this, 'readAsText');
  };
});

afterEach(async () => {
  await deleteDisputesOnDevice('user-1');
  await deleteDisputesOnDevice('user-2');
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Delivered 40 days ago: 30 days ran out 10 days ago. */
const overdueDispute = () =>
  sampleDispute({ mailedOn: addDays(today, -45), deliveredOn: addDays(today, -40) });

describe('My Disputes', () => {
  it('asks a visitor to sign in', async () => {
    renderApp('/disputes', createFakeSupabase());
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
  });

  it('shows an overdue dispute on the page and in the header', async () => {
    await seed('user-1', overdueDispute());
    renderApp('/faq', signedIn());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The count is a badge on "My Disputes", not a link of its own.
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Home',
        'Dispute Generator',
        'My Disputes1 overdue',
        'Checkup',
        'FAQ',
        'Testimonials',
      ]),
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'My Disputes 1 overdue' }));
    expect(pathname()).toBe('/disputes');
    expect(await screen.findByText('1 dispute is overdue.')).toBeInTheDocument();
    // The dashboard's row says what to do, and opens the dispute.
    const row = within(screen.getByRole('list', { name: 'Your disputes' })).getByRole('listitem');
    expect(row).toHaveTextContent('Overdue');
    expect(row).toHaveTextContent('Build the follow-up');
    await userEvent.click(within(row).getByRole('link', { name: 'Experian: Round 1' }));
    const card = await screen.findByRole('article', {
      name: /Round 1: Dispute letter to Experian/,
    });
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByLabelText('Certified Mail Tracking Number')).toHaveValue(
      '9407111899223197428490',
    );
    // Overdue with nothing recorded: the no-response follow-up is proposed.
    expect(
      within(card).getByRole('button', { name: 'Build the no-response follow-up' }),
    ).toBeInTheDocument();
  });

  it('records Verified and builds the method-of-verification request once, however often clicked', async () => {
    await seed('user-1', sampleDispute({ mailedOn: addDays(today, -10) }));
    renderApp('/disputes?dispute=d1', signedIn());
    const card = await screen.findByRole('article', { name: /Round 1/ });
    expect(within(card).getByText('Mailed')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('Delivered On'), addDays(today, -6));
    expect(within(card).getByTestId('due-date')).toHaveTextContent(/Response due/);
    await userEvent.selectOptions(
      within(card).getByLabelText('Outcome for Chase Sapphire'),
      'Verified as accurate',
    );
    const build = within(card).getByRole('button', {
      name: 'Build the method-of-verification request',
    });
    await userEvent.dblClick(build);
    const round2 = await screen.findByRole('article', {
      name: 'Round 2: Method-of-verification request to Experian',
    });
    expect(within(round2).getByText('Draft')).toBeInTheDocument();
    expect(within(round2).getByLabelText('Letter text, round 2').textContent).toContain(
      '15 U.S.C. §1681i(a)(7)',
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const store = await DisputeStore.open('user-1');
    expect((await store.list()).map((dispute) => dispute.round)).toEqual([1, 2]);
    expect((await store.list())[0]!.deliveredOn).toBe(addDays(today, -6));
    store.close();
  });

  it('refuses a file over 20 MB or of another type with a clear message', async () => {
    await seed(
      'user-1',
      sampleDispute({ letterText: 'Body.\n\nEnclosures:\n- Exhibit 1: June 2026 receipt\n' }),
    );
    renderApp('/disputes?dispute=d1', signedIn());
    const card = await screen.findByRole('article', { name: /Round 1/ });
    const input = within(card).getByLabelText('Attach a file to Exhibit 1');
    const big = new File([new Uint8Array(8)], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(
      await screen.findByText(
        'scan.pdf is larger than 20 MB. Attach a smaller copy (for example a scan at a lower resolution).',
      ),
    ).toBeInTheDocument();
    await userEvent.upload(input, new File(['hello'], 'notes.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'notes.png is not a PDF, JPEG or PNG file. Save it as one of those and attach it again.',
      ),
    ).toBeInTheDocument();
    await userEvent.upload(input, new File([TINY_PNG], 'receipt.png', { type: 'image/png' }));
    expect(await within(card).findByText(/receipt\.png/)).toBeInTheDocument();
    expect(within(card).getByText('Exhibit 1:')).toBeInTheDocument();
    expect(within(card).getByLabelText('Attach another file to Exhibit 1')).toBeInTheDocument();
  });

  it("refuses another account's backup and a file that is not one, changing nothing", async () => {
    await seed('user-1', sampleDispute());
    renderApp('/disputes?dispute=d1', signedIn());
    await screen.findByRole('article', { name: /Round 1/ });
    const input = screen.getByLabelText('Import backup');
    await userEvent.upload(input, new File(['not json'], 'photo.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a My Disputes backup: it is not JSON. Nothing was changed.',
    );
    const foreign = JSON.stringify({
      format: 'credit-dispute-letters/my-disputes-backup',
      version: 1,
      userId: 'user-2',
      disputes: [],
      exhibits: [],
    });
    await userEvent.upload(input, new File([foreign], 'backup.json'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This backup belongs to another account.',
      ),
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("never shows one account's disputes to another, and deletes the old Sent letters list, which was no one's", async () => {
    localStorage.setItem(
      STORAGE_KEYS.legacySentLetters,
      JSON.stringify([
        {
          id: 'a',
          recipient: 'Equifax',
          kind: 'bureau',
          accountNames: ['Old Navy'],
          mailedOn: today,
        },
      ]),
    );
    await seed('user-2', sampleDispute({ recipient: { kind: 'bureau', bureau: 'transunion' } }));
    const first = renderApp('/disputes?dispute=d1', signedIn({ user: { id: 'user-1' } }));
    // The list was kept for everyone on this browser: it is not given to whoever comes first.
    expect(await screen.findByRole('heading', { name: 'No disputes yet' })).toBeInTheDocument();
    expect(screen.queryByText(/Old Navy/)).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.legacySentLetters)).toBeNull();
    expect(await hasDisputesOnDevice('user-1')).toBe(false);
    first.unmount();

    renderApp('/disputes?dispute=d1', signedIn({ user: { id: 'user-2' } }));
    expect(
      await screen.findByRole('article', { name: 'Round 1: Dispute letter to TransUnion' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Old Navy/)).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Equifax/ })).not.toBeInTheDocument();
  });

  it('"Delete all my data" deletes the disputes and "Your details" of this account, no one else\'s', async () => {
    await seed('user-1', sampleDispute());
    await seed('user-2', sampleDispute());
    const DETAILS_OF_USER_2 = 'credit-dispute-letters:your-details:user-2';
    localStorage.setItem(
      DETAILS_OF_USER_1,
      JSON.stringify({ name: 'Jane Doe', phone: '555-0100' }),
    );
    localStorage.setItem(DETAILS_OF_USER_2, JSON.stringify({ name: 'Bob Roe' }));
    // Our server deletes its copies first (the sync and reminders routes).
    const server = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', server);
    renderApp('/disputes?dispute=d1', signedIn());
    await screen.findByRole('article', { name: /Round 1/ });
    await userEvent.click(screen.getByRole('button', { name: 'Delete all my data' }));
    expect(
      screen.getByText(/your saved details \(name, address, phone and e-mail\)/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    expect(await screen.findByRole('heading', { name: 'No disputes yet' })).toBeInTheDocument();
    expect(localStorage.getItem(DETAILS_OF_USER_1)).toBeNull();
    expect(await hasDisputesOnDevice('user-1')).toBe(false);
    expect(localStorage.getItem(DETAILS_OF_USER_2)).not.toBeNull();
    expect(await hasDisputesOnDevice('user-2')).toBe(true);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('sign-out offers to keep or clear the data on this device', async () => {
    await seed('user-1', sampleDispute());
    localStorage.setItem(DETAILS_OF_USER_1, JSON.stringify({ name: 'Jane Doe' }));
    const fake = signedIn();
    renderApp('/faq', fake);
    await signOutFromMenu(fake, 'Clear from this device');
    expect(await hasDisputesOnDevice('user-1')).toBe(false);
    expect(localStorage.getItem(DETAILS_OF_USER_1)).toBeNull();
  });

  it('asks too when only "Your details" are kept, and signs out at once when nothing is', async () => {
    localStorage.setItem(DETAILS_OF_USER_1, JSON.stringify({ name: 'Jane Doe' }));
    const fake = signedIn();
    const view = renderApp('/faq', fake);
    await signOutFromMenu(fake, 'Keep on this device');
    expect(localStorage.getItem(DETAILS_OF_USER_1)).not.toBeNull();
    view.unmount();

    localStorage.clear();
    const empty = signedIn();
    renderApp('/faq', empty);
    await signOutFromMenu(empty);
    expect(screen.queryByRole('dialog', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('keeps the data when asked to', async () => {
    await seed('user-1', sampleDispute());
    const fake = signedIn();
    renderApp('/faq', fake);
    await signOutFromMenu(fake, 'Keep on this device');
    expect(await hasDisputesOnDevice('user-1')).toBe(true);
  });
});
