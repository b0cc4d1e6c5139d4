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

/** The sample answered as suggested, as if it were the consumer's own reports. */
const own = (): Checkup => ({ ...answerSample(sampleCheckup()), sample: false });

function renderLetters({
  checkup = own(),
  signUpName = '',
}: { checkup?: Checkup; signUpName?: string } = {}) {
  saveCheckup(USER, checkup);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MemoryRouter initialEntries={[`/checkup?step=letters${checkup.sample ? '&practice=1' : ''}`]}>
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

  it('asks what a bureau needs to find the file, for these letters only: nothing of it is kept', async () => {
    const { user } = renderLetters({ signUpName: 'Alex J. Sample' });
    await user.type(screen.getByLabelText('Date of birth'), '1985-03-04');
    await user.type(screen.getByLabelText('Last 4 digits of your SSN'), '6789');
    await user.type(screen.getByLabelText('Experian report number'), '1234-5678-90');
    await user.type(
      screen.getByLabelText('Previous address (if you moved in the last 2 years)'),
      '9 Elm Street',
    );
    const experian = screen.getByRole('article', { name: 'Letter to Experian' });
    await user.click(within(experian).getByText('Read the letter'));
    const text = (await within(experian).findByText(/Dispute of my credit file/)).textContent;
    expect(text).toContain('Date of birth: March 4, 1985\nSSN (last 4 digits): 6789');
    expect(text).toContain('(report number 1234-5678-90)');
    expect(text).toContain('Previous address: 9 Elm Street');
    const kept = JSON.stringify({ ...localStorage });
    expect(kept).toContain('9 Elm Street');
    expect(kept).not.toMatch(/6789|1985-03-04|1234-5678-90/);
  });

  it('marks bad input inline: that bureau’s letter waits, the others can still be made', async () => {
    const { user } = renderLetters({ signUpName: 'Alex J. Sample' });
    await user.type(screen.getByLabelText('Equifax report number'), 'x'.repeat(41));
    const equifax = screen.getByRole('article', { name: 'Letter to Equifax' });
    expect(within(equifax).getByText('This letter waits until you fix:')).toBeInTheDocument();
    expect(within(equifax).queryByRole('button', { name: /Download/ })).toBeNull();
    const experian = screen.getByRole('article', { name: 'Letter to Experian' });
    expect(within(experian).getByRole('button', { name: /Download/ })).toBeInTheDocument();
    expect(screen.getAllByText(/A report number has at most 40 characters/).length).toBeGreaterThan(
      0,
    );

    await user.type(screen.getByLabelText('Last 4 digits of your SSN'), '123456789');
    expect(screen.getAllByText(/Enter only the last 4 digits of the SSN/).length).toBeGreaterThan(
      1,
    );
    expect(within(experian).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all as mailed' })).toBeNull();
  });

  it('lists a finding not answered yet under "Not in a letter yet", with a link back to it', () => {
    const checkup = own();
    const summit = Object.keys(checkup.answers).find((id) =>
      id.startsWith(
        `duplicate:${checkup.accounts.find((each) => each.accountNumber === '8831')!.id}`,
      ),
    )!;
    delete checkup.answers[summit];
    renderLetters({ checkup });
    const notYet = screen.getByRole('region', { name: 'Not in a letter yet' });
    expect(
      within(notYet).getByText(/Duplicate: Summit Medical Collections, ending 8831/),
    ).toBeInTheDocument();
    expect(within(notYet).getByRole('link', { name: 'Answer it' })).toHaveAttribute(
      'href',
      `/checkup?step=findings&finding=${encodeURIComponent(summit)}`,
    );
  });

  it('a sample’s letters are practice: signed by its holder, marked, and never mailed', async () => {
    localStorage.setItem(
      STORAGE_KEYS.details(USER),
      JSON.stringify({ name: 'Jane Q. Public', address: '12 Elm' }),
    );
    const { user } = renderLetters({ checkup: answerSample(sampleCheckup()) });
    expect(screen.queryByRole('button', { name: 'Mark all as mailed' })).toBeNull();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    const experian = screen.getByRole('article', { name: 'Letter to Experian' });
    await user.click(within(experian).getByText('Read the letter'));
    const text = (await within(experian).findByText(/Dispute of my credit file/)).textContent!;
    expect(text.startsWith('SAMPLE: not for mailing')).toBe(true);
    expect(text).toContain('Alex J. Sample');
    expect(text).not.toContain('Jane Q. Public');
    expect(onMailed).not.toHaveBeenCalled();
  });

  it('says one bureau letter in the singular, and shows a bankruptcy by its case number', () => {
    renderLetters({ checkup: { ...own(), bureaus: ['transunion'] } });
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
