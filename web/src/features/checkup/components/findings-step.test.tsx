import { sampleCheckup, type Checkup } from '@shared/checkup';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPractice, saveCheckup } from '@/lib/device-store';
import { CheckupWalk } from './checkup-walk';

vi.setConfig({ testTimeout: 30_000 });
const USER = 'user-1';

function renderFindings(checkup: Checkup = sampleCheckup(), query = '') {
  saveCheckup(USER, checkup);
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter
      initialEntries={[`/checkup?step=findings${checkup.sample ? '&practice=1' : ''}${query}`]}
    >
      <CheckupWalk userId={USER} signUpName="" onMailed={async () => {}} />
    </MemoryRouter>,
  );
  return user;
}

afterEach(() => localStorage.clear());

describe('the findings step', () => {
  it('asks each finding’s question; "not sure" says how to check, from the consumer’s statements', async () => {
    const user = renderFindings();
    const lakeside = screen.getByRole('article', {
      name: 'Bureaus differ: Lakeside Auto Finance, ending 7710',
    });
    expect(
      within(lakeside).getByLabelText('$9,450.00, as TransUnion shows (as of September 28, 2026)'),
    ).toBeInTheDocument();
    await user.click(within(lakeside).getByLabelText('Not sure'));
    expect(
      within(lakeside).getByText(/Find your Lakeside Auto Finance statement/),
    ).toBeInTheDocument();
    await user.click(within(lakeside).getByLabelText('Neither: I will type the true value'));
    expect(within(lakeside).getByText(/Type the true balance as a number/)).toBeInTheDocument();
    const summit = screen.getByRole('article', {
      name: 'Duplicate: Summit Medical Collections, ending 8831',
    });
    await user.click(within(summit).getByLabelText('Yes'));
    expect(loadPractice(USER)!.answers).toMatchObject({
      [`mismatch:${sampleCheckup().accounts[1]!.id}:balance`]: { truth: 'neither' },
    });
  });

  it('shows one finding at a time on a phone, with a count, and opens on the one a link names', async () => {
    const checkup = sampleCheckup();
    const user = renderFindings(checkup, `&finding=${encodeURIComponent(`duplicate:a9:a8`)}`);
    // Section by section: accounts, collections, public records, inquiries.
    expect(screen.getAllByText('6 of 8')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Next finding' })[0]!);
    expect(screen.getAllByText('7 of 8')).toHaveLength(2);
  });

  it('in practice, answers them all as the sample suggests', async () => {
    const user = renderFindings();
    await user.click(screen.getByRole('button', { name: 'Answer them all as suggested' }));
    const practice = loadPractice(USER)!;
    expect(Object.keys(practice.answers)).toHaveLength(7);
    expect(screen.getAllByText(/^Practice: /).length).toBeGreaterThan(0);
  });
});
