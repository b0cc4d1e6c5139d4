import { answerSample, sampleCheckup, type Checkup } from '@shared/checkup';
import type { MailedLetter } from '@shared/disputes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCheckup, STORAGE_KEYS } from '@/lib/device-store';
import { CheckupWalk } from './checkup-walk';

// Ten letters on a busy 2-core machine take longer than the default.
vi.setConfig({ testTimeout: 30_000 });

const USER = 'user-1';
const onMailed = vi.fn(async (letters: MailedLetter[]) => {
  void letters;
});

function renderLetters({
  checkup = answerSample(sampleCheckup()),
  signUpName = '',
}: { checkup?: Checkup; signUpName?: string } = {}) {
  saveCheckup(USER, checkup);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MemoryRouter initialEntries={['/checkup?step=letters']}>
      <CheckupWalk userId={USER} signUpName={signUpName} onMailed={onMailed} />
    </MemoryRouter>,
  );
  return { user, view };
}

const nameField = () => screen.getByLabelText('Full name');
const addressField = () => screen.getByLabelText('Address (street, then city, state and ZIP)');
const stored = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.details(USER)) ?? 'null') as unknown;

afterEach(() => {
  localStorage.clear();
  onMailed.mockClear();
});

describe('the letters step', () => {
  it('starts from "Your details" and keeps what is typed there, the other details untouched', async () => {
    localStorage.setItem(
      STORAGE_KEYS.details(USER),
      JSON.stringify({
        name: 'Jane Q. Public',
        address: '12 Elm Street',
        phone: '555-0100',
        email: 'jane@example.com',
        previousAddress: '',
      }),
    );
    const { user, view } = renderLetters({ signUpName: 'Jane Account' });
    expect(nameField()).toHaveValue('Jane Q. Public');
    expect(addressField()).toHaveValue('12 Elm Street');

    await user.clear(nameField());
    await user.type(nameField(), 'Alex J. Sample');
    await user.clear(addressField());
    await user.type(addressField(), '221 Maple Avenue{Enter}Springfield, IL 62704');
    expect(stored()).toEqual({
      name: 'Alex J. Sample',
      address: '221 Maple Avenue\nSpringfield, IL 62704',
      phone: '555-0100',
      email: 'jane@example.com',
      previousAddress: '',
    });

    view.unmount();
    renderLetters();
    expect(nameField()).toHaveValue('Alex J. Sample');
    expect(addressField()).toHaveValue('221 Maple Avenue\nSpringfield, IL 62704');
  });

  it('with nothing kept, starts from the sign-up name only, never the e-mail’s handle', () => {
    const { view } = renderLetters({ signUpName: 'Ana Ruiz' });
    expect(nameField()).toHaveValue('Ana Ruiz');
    view.unmount();
    renderLetters();
    expect(nameField()).toHaveValue('');
    expect(localStorage.getItem(STORAGE_KEYS.details(USER))).toBeNull();
  });

  it('sends a creditor letter to the dispute address typed on its card, and records it', async () => {
    const { user } = renderLetters({ signUpName: 'Alex J. Sample' });
    expect(
      screen.getByText(/Type its dispute address on its letter .* or leave it blank/),
    ).toBeInTheDocument();
    const coastal = screen.getByRole('article', { name: 'Letter to Coastal Payday Loans' });
    const field = within(coastal).getByLabelText("Creditor's dispute address (optional)");
    expect(field).toHaveAttribute('maxLength', '300');
    await user.type(field, 'Coastal Payday Loans Disputes{Enter}P.O. Box 9{Enter}Dover, DE 19901');
    expect(within(coastal).getByText('56 / 300')).toBeInTheDocument();

    await user.click(within(coastal).getByText('Read the letter'));
    const text = (await within(coastal).findByText(/Direct dispute/)).textContent;
    expect(text).toContain(
      'Coastal Payday Loans\nCoastal Payday Loans Disputes\nP.O. Box 9\nDover, DE 19901\n',
    );
    expect(text).not.toContain("[Creditor's Dispute Address]");

    await user.click(within(coastal).getByLabelText('I mail this one too'));
    await user.click(screen.getByRole('button', { name: 'Mark all as mailed' }));
    // The button is gone: the keyboard's focus goes to what replaced it, not to the page.
    expect(
      await screen.findByText('4 letters were added to My Disputes as Round 1.'),
    ).toHaveFocus();
    const [letters] = onMailed.mock.calls[0]!;
    const creditor = letters.find((letter) => letter.recipient.kind === 'furnisher')!;
    expect(creditor.recipient).toEqual({
      kind: 'furnisher',
      name: 'Coastal Payday Loans',
      address: 'Coastal Payday Loans Disputes\nP.O. Box 9\nDover, DE 19901',
    });
    expect(creditor.letterText).toContain('P.O. Box 9\nDover, DE 19901');
  });

  it('says one bureau letter in the singular, and shows a bankruptcy by its case number', () => {
    renderLetters({ checkup: { ...answerSample(sampleCheckup()), bureaus: ['transunion'] } });
    expect(
      screen.getByText(/^1 letter to TransUnion with all of its items, and \d+ direct/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Record the 1 bureau letter in My Disputes as one round, with its deadline.',
      ),
    ).toBeInTheDocument();
    const transunion = screen.getByRole('article', { name: 'Letter to TransUnion' });
    expect(
      within(transunion).getByText(/^Chapter 7 bankruptcy, .*case 14-70321$/),
    ).toBeInTheDocument();
    expect(within(transunion).queryByText(/ending 0321/)).toBeNull();
  });
});
