import 'fake-indexeddb/auto';
import { answerSample, sampleCheckup } from '@shared/checkup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteDisputesDatabase as deleteDisputesOnDevice } from '@/lib/device-store/disputes-db';
import { loadCheckup, loadPractice, saveCheckup, STORAGE_KEYS } from '@/lib/device-store';
import { signedIn } from '@/testing/fake-supabase';
import { renderApp, signOutFromMenu } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(async () => {
  await deleteDisputesOnDevice('user-1');
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/checkup', () => {
  it('is for subscribers', async () => {
    renderApp('/checkup', signedIn({ subscription: null }));
    expect(
      await screen.findByRole('heading', { name: 'Subscription Required' }),
    ).toBeInTheDocument();
  });

  it('starts the sample, keeps it for this account only, and "Start over" clears it', async () => {
    const view = renderApp('/checkup', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Try it with a sample' }));
    expect(
      await screen.findByRole('heading', { name: 'Personal information' }),
    ).toBeInTheDocument();
    expect(loadPractice('user-1')?.sample).toBe(true);
    // Practice is not the user's own checkup: it has its own entry, and the backup never holds it.
    expect(loadCheckup('user-1')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.practice('user-2'))).toBeNull();
    view.unmount();

    renderApp('/checkup?step=findings&practice=1', signedIn());
    expect(
      await screen.findByRole('heading', { name: 'What the checkup found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('article', {
        name: 'Reported past its period: Northway Department Store, ending 3302',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, clear the checkup' }));
    expect(await screen.findByRole('button', { name: 'Try it with a sample' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.practice('user-1'))).toBeNull();
  });

  it('starting the real checkup after a sample begins empty, and the sample stays apart', async () => {
    saveCheckup('user-1', answerSample(sampleCheckup()));
    renderApp('/checkup', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Start with my reports' }));
    expect(
      await screen.findByRole('heading', { name: 'Personal information' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Sample mode/)).not.toBeInTheDocument();
    expect(screen.queryByText('Alexis Samples')).not.toBeInTheDocument();
    await waitFor(() => expect(loadCheckup('user-1')).not.toBeNull());
    expect(loadCheckup('user-1')).toMatchObject({ sample: false, personal: [], answers: {} });
    expect(loadPractice('user-1')?.answers).toEqual(answerSample(sampleCheckup()).answers);
  });

  it('"Continue the checkup" reopens the step the consumer left off on', async () => {
    saveCheckup('user-1', { ...sampleCheckup(), sample: false, lastStep: 'inquiries' });
    renderApp('/checkup', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue the checkup' }));
    expect(await screen.findByRole('heading', { name: 'Inquiries' })).toBeInTheDocument();
  });

  it('"Delete all my data" deletes the checkup of this account, no one else\'s', async () => {
    saveCheckup('user-1', answerSample(sampleCheckup()));
    saveCheckup('user-2', sampleCheckup());
    // Our server deletes its copies first (the sync and reminders routes).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    renderApp('/disputes', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete all my data' }));
    expect(screen.getByText(/your\s+report checkup/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.practice('user-1'))).toBeNull());
    expect(loadPractice('user-2')).not.toBeNull();
  });

  it('sign-out offers to clear a checkup kept on this device, and clears it', async () => {
    saveCheckup('user-1', sampleCheckup());
    const fake = signedIn();
    renderApp('/faq', fake);
    await signOutFromMenu(fake, 'Clear from this device');
    expect(localStorage.getItem(STORAGE_KEYS.practice('user-1'))).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.checkup('user-1'))).toBeNull();
  });
});
