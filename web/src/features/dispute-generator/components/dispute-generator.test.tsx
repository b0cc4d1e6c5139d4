import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailedLetter } from '@shared/disputes';
import { toIsoDate } from '@shared/letters';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { readBlob, readBlobText } from '../testing/read-blob';
import { DisputeGenerator } from './dispute-generator';

// Whole-form interactions on a busy 2-core machine take longer than the 5 s default.
vi.setConfig({ testTimeout: 30_000 });

/** What "Mark as mailed" handed to My Disputes. */
const mailedLetters: MailedLetter[] = [];
const onMailed = vi.fn(async (letter: MailedLetter) => {
  mailedLetters.push(letter);
});

function renderGenerator(accountName?: string, userId = 'user-1') {
  toast.remove();
  mailedLetters.length = 0;
  onMailed.mockClear();
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      <DisputeGenerator userId={userId} accountName={accountName} onMailed={onMailed} />
      <Toaster />
    </MemoryRouter>,
  );
  return user;
}

type User = ReturnType<typeof userEvent.setup>;

const STEP_NAMES = ['Your details', 'Disputed items', 'Review'] as const;

/** Moves to a step of the guided flow with its button in the step indicator. */
async function goToStep(user: User, title: (typeof STEP_NAMES)[number]) {
  const index = STEP_NAMES.indexOf(title);
  await user.click(screen.getByRole('button', { name: `Step ${index + 1}: ${title}` }));
}

/** Step 2 holds the bureau and the disputed items. */
async function fillForm(user: User, { details = true } = {}) {
  await goToStep(user, 'Disputed items');
  await user.selectOptions(screen.getByLabelText('Credit Bureau'), 'equifax');
  await user.selectOptions(screen.getByLabelText('Error Type'), 'incorrect-balance');
  await user.type(screen.getByLabelText('Account Name'), 'Capital One Visa');
  await user.type(screen.getByLabelText('Account Number'), '4321');
  await user.type(screen.getByLabelText('Correct balance (may be $0)'), '$900');
  if (details)
    await user.type(
      screen.getByLabelText('Error Details'),
      'The balance is $900, not $9,000. I paid the rest in March.',
    );
}

/** Name and address (step 1): without them the letter keeps placeholders. */
async function fillSender(user: User) {
  await goToStep(user, 'Your details');
  await user.type(screen.getByLabelText('Your Name'), 'Jane Q. Public');
  await user.type(
    screen.getByLabelText('Mailing Address'),
    '12 Elm Street{Enter}Springfield, IL 62701',
  );
}

interface Download {
  fileName: string;
  blob: Blob;
}

/** Records what would have been handed to the browser's download manager. */
function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ fileName: this.download, blob: blobs.get(this.href)! });
  });
  return downloads;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // jsdom has no object URLs; each test decides how downloads behave.
  Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A complete letter with its sender, opened in the preview, where "Mark as mailed" is. */
async function openMailablePreview(): Promise<User> {
  const user = renderGenerator();
  await fillSender(user);
  await fillForm(user);
  await goToStep(user, 'Review');
  await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
  return user;
}

/**
 * Stops the clock at `time` (noon on November 26, 2026 unless told): a date the app makes and the
 * one a test expects cannot fall on either side of a midnight.
 */
function setClock(time = new Date(2026, 10, 26, 12)) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
}

describe('validation', () => {
  it('refuses to generate an incomplete letter, marking each missing field and focusing the first', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloads).toEqual([]);

    // The first missing field is on step 2: the flow goes back there and focuses it.
    const bureau = screen.getByLabelText('Credit Bureau');
    expect(screen.getByRole('button', { name: 'Step 2: Disputed items' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(bureau).toBeVisible();
    expect(document.activeElement).toBe(bureau);
    for (const [label, message] of [
      ['Credit Bureau', 'Choose the credit bureau.'],
      ['Error Type', 'Choose the error type.'],
      ['Account Name', 'Enter the account name shown on your report.'],
      ['Error Details', 'Describe what is wrong and what is correct.'],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // Optional fields are never marked.
    expect(screen.getByLabelText('Account Number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Supporting Evidence')).not.toHaveAttribute('aria-invalid');

    // Marks follow the form: a filled field is no longer invalid.
    await user.selectOptions(bureau, 'experian');
    expect(bureau).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Choose the credit bureau.')).not.toBeInTheDocument();
  });

  it('Next checks the phone and e-mail of step 1 beside them, focusing the first; both optional', async () => {
    const user = renderGenerator();
    const phone = screen.getByLabelText('Phone');
    const email = screen.getByLabelText('Email');
    await user.type(phone, 'not a phone');
    await user.type(email, 'not-an-email');
    // Not marked while typed.
    expect(phone).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Next: Disputed items' }));
    expect(screen.getByRole('button', { name: 'Step 1: Your details' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(document.activeElement).toBe(phone);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Enter a phone number like (555) 123-4567.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');

    // Each mark goes once its field is fixed, or left blank.
    await user.clear(phone);
    await user.type(phone, '+1 (217) 555-0100');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a phone number like (555) 123-4567.')).not.toBeInTheDocument();
    await user.clear(email);
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Next: Disputed items' }));
    expect(screen.getByRole('button', { name: 'Step 2: Disputed items' })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('builds no letter with an e-mail that cannot be one, going back to it on step 1', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillSender(user);
    await user.type(screen.getByLabelText('Email'), 'jane@example');
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(downloads).toEqual([]);
    const email = screen.getByLabelText('Email');
    expect(email).toBeVisible();
    expect(document.activeElement).toBe(email);
    expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
    await user.type(email, '.com');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByLabelText('Letter text').textContent).toContain('jane@example.com');
  });

  it('refuses to preview without error details, focusing them', async () => {
    const user = renderGenerator();
    await fillForm(user, { details: false });
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(
      await screen.findByText('Please fill in all required fields before previewing'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Error Details'));
  });

  it('requires every required field of an added item', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add another disputed item' }));
    await user.type(screen.getByLabelText('Account Name (item 2)'), 'Midland Credit');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(
      await screen.findByText('Please fill in all required fields before previewing'),
    ).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Error Type (item 2)'));
    expect(screen.getByLabelText('Error Details (item 2)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Account Name (item 2)')).not.toHaveAttribute('aria-invalid');
  });

  it('warns, without blocking, when the details are too short to be specific', async () => {
    const user = renderGenerator();
    await goToStep(user, 'Disputed items');
    await user.type(screen.getByLabelText('Error Details'), 'Wrong.');
    expect(screen.getByLabelText('Error Details')).toHaveAccessibleDescription(
      expect.stringContaining('A few more words would help'),
    );
    await user.type(
      screen.getByLabelText('Error Details'),
      ' The balance is $900, not $9,000 as shown.',
    );
    expect(screen.queryByText(/A few more words would help/)).not.toBeInTheDocument();
  });
});

describe('guided flow', () => {
  it('shows one step at a time, marks it in the step indicator and focuses its heading', async () => {
    const user = renderGenerator();
    const steps = within(screen.getByRole('navigation', { name: 'Letter steps' })).getAllByRole(
      'button',
    );
    steps.forEach((step, index) =>
      expect(step).toHaveAccessibleName(`Step ${index + 1}: ${STEP_NAMES[index]}`),
    );
    const current = () => steps.filter((step) => step.getAttribute('aria-current') === 'step');
    expect(current()).toEqual([steps[0]]);
    expect(screen.getByLabelText('Your Name')).toBeVisible();
    expect(screen.getByLabelText('Credit Bureau')).not.toBeVisible();
    // Nothing takes focus before the user moves.
    expect(document.activeElement).toBe(document.body);

    // Enter in a field goes on, like Next.
    await user.type(screen.getByLabelText('Your Name'), 'Jane{Enter}');
    expect(screen.getByRole('heading', { name: 'Disputed items' })).toHaveFocus();
    expect(current()).toEqual([steps[1]]);
    expect(screen.getByLabelText('Your Name')).not.toBeVisible();
    expect(screen.getByLabelText('Credit Bureau')).toBeVisible();

    // Next checks the step it leaves: its missing fields are marked beside them, and it stays.
    await user.click(screen.getByRole('button', { name: 'Next: Review' }));
    expect(current()).toEqual([steps[1]]);
    expect(screen.getByLabelText('Credit Bureau')).toHaveFocus();
    expect(screen.getByLabelText('Credit Bureau')).toHaveAccessibleDescription(
      'Choose the credit bureau.',
    );
    expect(screen.getByLabelText('Account Name')).toHaveAttribute('aria-invalid', 'true');
    await fillForm(user);
    // Marks vanish as the fields are filled.
    expect(screen.getByLabelText('Credit Bureau')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Choose the credit bureau.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next: Review' }));
    expect(screen.getByRole('heading', { name: 'Review' })).toHaveFocus();
    expect(screen.getByText('Jane')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Disputed items' })).toHaveFocus();

    // Every step is reachable from the step indicator with the keyboard.
    steps[0]!.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus();
    expect(current()).toEqual([steps[0]]);
    // What was typed survives the moves.
    expect(screen.getByLabelText('Your Name')).toHaveValue('Jane');
    // Shift+Tab from the heading goes back up to the step indicator.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(steps[2]);
    await user.keyboard(' ');
    expect(screen.getByRole('heading', { name: 'Review' })).toHaveFocus();
  });

  it('shows the letter beside the form, updating as the user types', async () => {
    const user = renderGenerator('Jane Account');
    const live = screen.getByRole('region', { name: 'Your letter so far' });
    expect(live).toHaveTextContent(
      'Choose the credit bureau and the error type in step 2 to see your letter here.',
    );
    await goToStep(user, 'Disputed items');
    await user.selectOptions(screen.getByLabelText('Credit Bureau'), 'equifax');
    await user.selectOptions(screen.getByLabelText('Error Type'), 'incorrect-balance');
    const text = () => within(live).getByLabelText('Letter so far').textContent;
    expect(text()).toMatch(/^Jane Account\n/);
    expect(text()).toContain('Equifax Information Services LLC');
    expect(text()).toContain('Account name: [Account Name]');
    await user.type(screen.getByLabelText('Account Name'), 'Capital One Visa');
    expect(text()).toContain('Account name: Capital One Visa');
    expect(text()).not.toContain('[Account Name]');
  });

  it('opens the letter so far as a full-screen sheet (phones), keeping and returning focus', async () => {
    const user = renderGenerator();
    await fillForm(user);
    const opener = screen.getByRole('button', { name: 'Show the letter' });
    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Your letter so far' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(within(sheet).getByLabelText('Letter so far').textContent).toContain(
      'Account name: Capital One Visa',
    );
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('the facts of each item', () => {
  it('asks each error type for its own facts and puts them in the letter', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    await user.clear(screen.getByLabelText('Account Number'));
    await user.type(screen.getByLabelText('Account Number'), '1234');
    expect(screen.getByLabelText('Account Number')).toHaveAccessibleDescription(
      'The last 4 digits are enough.',
    );
    await user.type(screen.getByLabelText('Reported Balance'), '$9,000');
    await user.clear(screen.getByLabelText('Correct balance (may be $0)'));
    await user.type(screen.getByLabelText('Correct balance (may be $0)'), '$900');
    await user.type(screen.getByLabelText('Supporting Evidence'), 'March statement{Enter}Receipt');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const text = screen.getByLabelText('Letter text').textContent;
    expect(text).toContain('Account number: ending in 1234');
    expect(text).toContain('What you report: a balance of $9,000.');
    expect(text).toContain('What is true: the balance is $900.');
    expect(text).toContain('Proof: Exhibit 1, Exhibit 2.');
    expect(text).toContain('- Exhibit 1: March statement\n- Exhibit 2: Receipt');
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    await goToStep(user, 'Disputed items');
    await user.selectOptions(screen.getByLabelText('Error Type'), 'incorrect-dates');
    expect(screen.queryByLabelText('Reported Balance')).not.toBeInTheDocument();
    for (const label of ['Which Date', 'Reported Date', 'Correct Date'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Error Type'), 'incorrect-status');
    for (const label of ['Reported Status', 'Correct Status'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Error Type'), 'duplicate-account');
    expect(screen.getByLabelText('Duplicate Of')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Error Type'), 'incorrect-payment-history');
    expect(screen.getByLabelText('Months Reported Late')).toBeInTheDocument();
  });

  it('offers the identity-theft block, with fraud-alert and freeze guidance', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'not-mine');
    expect(screen.getByText(/someone else’s account mixed into your file/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('This is identity theft'));
    expect(screen.getByText(/free fraud alert/)).toBeInTheDocument();
    expect(screen.getByText(/security freeze/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('I have an FTC or police identity theft report'));
    await user.type(screen.getByLabelText('Identity Theft Report Number'), 'FTC-42');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const text = screen.getByLabelText('Letter text').textContent;
    expect(text).toContain('Under §1681c-2, please block it within 4 business days');
    expect(text).toContain('- My identity theft report (number FTC-42) about Capital One Visa');
  });

  it('mentions an identity theft report only when the consumer says there is one', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'not-mine');
    await user.click(screen.getByLabelText('This is identity theft'));
    expect(screen.queryByLabelText('Identity Theft Report Number')).not.toBeInTheDocument();
    expect(screen.getByText(/Without an identity theft report the bureau/)).toBeInTheDocument();
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const without = screen.getByLabelText('Letter text').textContent;
    expect(without).toContain('This account is the result of identity theft');
    expect(without).not.toMatch(/identity theft report|§1681c-2/);
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    await goToStep(user, 'Disputed items');
    await user.click(screen.getByLabelText('I have an FTC or police identity theft report'));
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const withReport = screen.getByLabelText('Letter text').textContent;
    expect(withReport).toContain('I enclose my identity theft report and proof of my identity');
    expect(withReport).toContain('- My identity theft report about Capital One Visa\n');
  });

  it('says whether an outdated item’s reporting period has ended before the letter is made', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'outdated-info');
    // Without the item type no letter is made: the field is marked like any required field.
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Item Type')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Item Type')).toHaveAccessibleDescription(
      'Choose the item type: how long an item may be reported depends on it.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Item Type'));
    await user.selectOptions(screen.getByLabelText('Item Type'), 'collection');
    expect(screen.getByLabelText('Date of First Delinquency')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const delinquency = screen.getByLabelText('Date of First Delinquency');
    await user.type(delinquency, '2016-03-01');
    expect(
      screen.getByText(/It may be reported until August 28, 2023 .* That date has passed/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Choose the item type/)).not.toBeInTheDocument();
    await user.clear(delinquency);
    const recent = toIsoDate(new Date());
    await user.type(delinquency, recent);
    // Not obsolete yet: no "outdated" letter; the field says until when and what works instead.
    expect(delinquency).toHaveAttribute('aria-invalid', 'true');
    expect(delinquency).toHaveAccessibleDescription(
      expect.stringMatching(
        /^This item may be reported until .*, so an "outdated" letter would not work yet\. If a date on it is wrong, choose Incorrect Dates; if its status is wrong, choose Incorrect Account Status\./,
      ),
    );

    // It offers the disputes that can work instead.
    expect(screen.getByRole('button', { name: 'Dispute a wrong status instead' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dispute a wrong date instead' })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Item Type'), 'chapter-7');
    expect(screen.queryByLabelText('Date of First Delinquency')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Date Filed'), '2018-11-01');
    expect(screen.getByLabelText('Date Filed')).toHaveAccessibleDescription(
      expect.stringContaining('This item may be reported until November 1, 2028'),
    );
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dispute a wrong date instead' }));
    expect(screen.getByLabelText('Error Type')).toHaveValue('incorrect-dates');
    expect(screen.getByLabelText('Which Date')).toHaveValue('Date filed');
    expect(screen.getByLabelText('Reported Date')).toHaveValue('2018-11-01');
  });
});

describe('preview modal', () => {
  it('is a labelled modal dialog capped near 60% of the viewport, holding focus', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await goToStep(user, 'Review');
    const opener = screen.getByRole('button', { name: 'Preview Letter' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Letter Preview' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const letter = within(dialog).getByLabelText('Letter text');
    // Capped near 60% of the viewport by the dialog's stylesheet (measured in Chromium).
    expect(letter).toHaveClass('letter-dialog-scroll');
    expect(letter.textContent).toContain(
      'Equifax Information Services LLC\nP.O. Box 740256\nAtlanta, GA 30374',
    );
    expect(letter.textContent).toContain('Account name: Capital One Visa');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // Tab and Shift+Tab cycle inside the dialog.
    const buttons = within(dialog).getAllByRole('button');
    const last = buttons.at(-1)!;
    last.focus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Close Preview and with the close cross', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('downloads the previewed letter with Download Letter', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(downloads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download Letter' }));
    expect(downloads).toHaveLength(1);
    const file = await readBlobText(downloads[0]!.blob);
    expect(file.startsWith(screen.getByLabelText('Letter text').textContent!)).toBe(true);
    expect(file.endsWith(screen.getByLabelText('Mailing advice').textContent!)).toBe(true);
    expect(await screen.findByText('Letter downloaded successfully!')).toBeInTheDocument();
  });
});

describe('Generate & Download Letter', () => {
  it('builds the letter, opens the preview and downloads a UTF-8 text file', async () => {
    setClock();
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));

    expect(screen.getByRole('dialog', { name: 'Letter Preview' })).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    const [{ fileName, blob }] = downloads as [Download];
    expect(fileName).toBe('dispute-letter-equifax-incorrect-balance-2026-11-26.txt');
    expect(blob.type).toBe('text/plain;charset=utf-8');
    const text = await readBlobText(blob);
    expect(text).toContain('Details: The balance is $900, not $9,000.');
    expect(text).toContain('§1681e(b) (accuracy)');
    expect(text).toMatch(/\n-{60}\n\nBefore you mail this letter/);
    expect(text).toContain('certified mail with return receipt requested');
    expect(await screen.findByText('Letter downloaded successfully!')).toBeInTheDocument();
  });

  it('opens the letter in a new window when the download fails', async () => {
    const user = renderGenerator();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new Error('blocked');
    });
    const popup = document.implementation.createHTMLDocument('');
    const open = vi.spyOn(window, 'open').mockReturnValue({ document: popup } as Window);
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));

    expect(open).toHaveBeenCalledOnce();
    expect(popup.querySelector('pre')?.textContent).toContain('Account name: Capital One Visa');
    expect(popup.body.textContent).toMatch(/right-click/i);
    expect(
      await screen.findByText('Letter opened in new window. Right-click to save.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks the user to copy from the preview when the new window is blocked too', async () => {
    const user = renderGenerator();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(
      await screen.findByText('Download failed. Please try copying the text from the preview.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Letter text').textContent).toContain('Capital One Visa');
  });
});

describe('beyond the basic letter', () => {
  it('ticks ID and proof of address for bureau letters from the start', () => {
    renderGenerator();
    expect(screen.getByLabelText('Copy of my ID')).toBeChecked();
    expect(screen.getByLabelText('Proof of address')).toBeChecked();
    expect(
      screen.getByLabelText('Copy of my credit report with the items circled'),
    ).not.toBeChecked();
  });

  it('keeps your details in this browser until you forget them, but never the sensitive ones', async () => {
    const user = renderGenerator('Jane Account');
    expect(screen.getByLabelText('Your Name')).toHaveValue('Jane Account');
    await user.clear(screen.getByLabelText('Your Name'));
    await fillSender(user);
    await user.type(screen.getByLabelText('Date of Birth'), '1985-03-04');
    await user.type(screen.getByLabelText('Last 4 of SSN'), '6789');
    await user.type(screen.getByLabelText('Previous Address'), '1 Oak Street{Enter}Peoria, IL');
    await user.type(screen.getByLabelText('Report Number'), '3318-2207');
    const stored = JSON.parse(localStorage.getItem('credit-dispute-letters:your-details:user-1')!);
    expect(stored).toMatchObject({
      name: 'Jane Q. Public',
      previousAddress: '1 Oak Street\nPeoria, IL',
    });
    expect(JSON.stringify(stored)).not.toMatch(/6789|1985|3318/);

    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByLabelText('Letter text').textContent).toMatch(
      /^Jane Q\. Public\n12 Elm Street\nSpringfield, IL 62701\nDate of birth: March 4, 1985\nSSN \(last 4 digits\): 6789\nPrevious address: 1 Oak Street, Peoria, IL\n/,
    );
    expect(screen.getByLabelText('Letter text').textContent).toContain(
      'Re: Dispute of my credit file (report number 3318-2207)',
    );
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    await goToStep(user, 'Your details');
    await user.click(screen.getByRole('button', { name: 'Forget my details' }));
    expect(localStorage.getItem('credit-dispute-letters:your-details:user-1')).toBeNull();
    expect(screen.getByLabelText('Your Name')).toHaveValue('Jane Account');
    expect(screen.getByLabelText('Last 4 of SSN')).toHaveValue('');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('');
    expect(
      await screen.findByText('Your details were removed from this browser'),
    ).toBeInTheDocument();
  });

  it('refuses more than 4 digits of an SSN', async () => {
    const user = renderGenerator();
    const ssn = screen.getByLabelText('Last 4 of SSN');
    await user.type(ssn, '12345');
    expect(ssn).toHaveValue('1234');
    expect(ssn).toHaveAttribute('aria-invalid', 'true');
    expect(ssn).toHaveAccessibleDescription(
      'Only the last 4 digits: never enter your full Social Security number.',
    );
    await user.clear(ssn);
    await user.paste('123-45-6789');
    expect(ssn).toHaveValue('');
  });

  it('lists several items with their own evidence, and a creditor letter with only its item', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    await user.type(screen.getByLabelText('Supporting Evidence'), 'Capital One statement');
    await user.click(screen.getByRole('button', { name: 'Add another disputed item' }));
    await user.selectOptions(screen.getByLabelText('Error Type (item 2)'), 'outdated-info');
    await user.type(screen.getByLabelText('Account Name (item 2)'), 'Midland Credit');
    await user.type(
      screen.getByLabelText('Error Details (item 2)'),
      'This collection from 2015 is too old to be on my report.',
    );
    await user.click(screen.getByLabelText('Not shown on my report (item 2)'));
    await user.selectOptions(screen.getByLabelText('Item Type (item 2)'), 'collection');
    await user.type(screen.getByLabelText('Date of First Delinquency (item 2)'), '2015-01-10');
    await user.type(screen.getByLabelText('Supporting Evidence (item 2)'), 'Midland notice');
    await goToStep(user, 'Review');
    await user.click(screen.getByLabelText('Copy of my credit report with the items circled'));
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const text = screen.getByLabelText('Letter text').textContent;
    expect(text).toContain('Item 1: Incorrect Balance\nAccount name: Capital One Visa');
    expect(text).toContain('Item 2: Outdated Information\nAccount name: Midland Credit');
    expect(text).toContain(
      'Enclosures:\n- A copy of my government-issued photo ID\n- Proof of my current address, such as a utility bill or bank statement\n- A copy of my credit report with the disputed items circled\n- Exhibit 1: Capital One statement\n- Exhibit 2: Midland notice',
    );
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    await user.selectOptions(screen.getByLabelText('Disputed item'), '1');
    await user.type(screen.getByLabelText("Creditor's Name"), 'Midland Credit Management');
    await user.click(screen.getByRole('button', { name: 'Preview Furnisher Letter' }));
    const furnisher = screen.getByRole('dialog', { name: 'Furnisher Letter Preview' });
    const furnisherText = within(furnisher).getByLabelText('Letter text').textContent;
    expect(furnisherText).toContain("Midland Credit Management\n[Creditor's Dispute Address]");
    expect(furnisherText).toContain('§1681s-2(a)(8) (direct disputes)');
    expect(furnisherText).toContain('- Exhibit 1: Midland notice');
    expect(furnisherText).not.toMatch(/Capital One|credit report with the disputed items/);
    expect(furnisherText).not.toContain('1681s-2(b)');
  });

  it('marks a letter as mailed into My Disputes once, without the details never stored', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await user.type(screen.getByLabelText('Date of Birth'), '1985-03-04');
    await user.type(screen.getByLabelText('Last 4 of SSN'), '6789');
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const mailedOn = screen.getByLabelText('Mailed On');
    await user.clear(mailedOn);
    await user.type(mailedOn, '2026-11-02');
    await user.type(
      screen.getByLabelText('Certified Mail Tracking Number'),
      '9407111899223197428490',
    );
    await user.click(screen.getByLabelText('This dispute follows my free annual credit report'));
    await user.dblClick(screen.getByRole('button', { name: 'Mark as mailed' }));
    expect(
      await screen.findByText('Added to My Disputes', { selector: 'div' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Added to My Disputes' })).toBeDisabled();

    expect(onMailed).toHaveBeenCalledOnce();
    const [letter] = mailedLetters;
    expect(letter).toMatchObject({
      recipient: { kind: 'bureau', bureau: 'equifax' },
      items: [
        {
          accountName: 'Capital One Visa',
          details: 'The balance is $900, not $9,000. I paid the rest in March.',
        },
      ],
      mailedOn: '2026-11-02',
      trackingNumber: '9407111899223197428490',
      followsFreeAnnualReport: true,
      sender: { name: 'Jane Q. Public', address: '12 Elm Street\nSpringfield, IL 62701' },
    });
    expect(letter!.letterText).toContain('Capital One Visa');
    expect(JSON.stringify(letter)).not.toMatch(/6789|1985/);
    expect(screen.getByLabelText('Letter text').textContent).toContain('6789');
    for (const link of screen.getAllByRole('link', { name: 'My Disputes' }))
      expect(link).toHaveAttribute('href', '/disputes');

    // The preview then leads on: to My Disputes, or to a new letter with the details kept.
    const dialog = screen.getByRole('dialog', { name: 'Letter Preview' });
    expect(within(dialog).getByRole('link', { name: 'My Disputes' })).toHaveAttribute(
      'href',
      '/disputes',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start a new letter' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Disputed items' })).toHaveFocus();
    expect(screen.getByLabelText('Account Name')).toHaveValue('');
    expect(screen.getByLabelText('Credit Bureau')).toHaveValue('');
    await goToStep(user, 'Your details');
    expect(screen.getByLabelText('Your Name')).toHaveValue('Jane Q. Public');
  });

  it("keeps each account's details apart and drops the details that had no owner", async () => {
    localStorage.setItem(
      'credit-dispute-letters:your-details',
      JSON.stringify({ name: 'Previous Person', address: '1 Old Road' }),
    );
    const user = renderGenerator('Jane Account', 'user-1');
    await user.clear(screen.getByLabelText('Your Name'));
    await user.type(screen.getByLabelText('Your Name'), 'Jane Q. Public');
    expect(localStorage.getItem('credit-dispute-letters:your-details')).toBeNull();
    cleanup();
    renderGenerator('Sam Other', 'user-2');
    expect(screen.getByLabelText('Your Name')).toHaveValue('Sam Other');
    expect(screen.getByLabelText('Mailing Address')).toHaveValue('');
  });

  it('prints the letter, and the mailing advice on its own page, through the print stylesheet', async () => {
    const user = renderGenerator();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      const [letter, advice] = document.querySelectorAll('body > .dispute-letter-print > pre');
      expect(letter?.textContent).toContain('Capital One Visa');
      expect(advice).toHaveClass('dispute-letter-print-advice');
      expect(advice?.textContent).toContain('certified mail with return receipt requested');
    });
    await fillSender(user);
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Print / Save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.dispute-letter-print')).toBeNull();
  });

  it('warns before printing, exporting or marking as mailed while placeholders remain', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await fillForm(user);
    await goToStep(user, 'Review');
    await user.click(
      within(screen.getByRole('region', { name: 'Export options' })).getByRole('button', {
        name: 'Print / Save as PDF',
      }),
    );
    expect(print).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Letter Preview' });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Your letter still has blanks');
    expect(alert).toHaveTextContent(
      '[Your Full Name], [Your Street Address], [City, State ZIP Code]',
    );
    expect(document.activeElement).toBe(
      within(alert).getByRole('button', { name: 'Continue anyway' }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Continue anyway' }));
    expect(print).toHaveBeenCalledOnce();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Word (.docx)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as mailed' }));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    expect(onMailed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue anyway' }));
    expect(onMailed).toHaveBeenCalledOnce();
    // The text download is the editable copy: no warning.
    await user.click(within(dialog).getByRole('button', { name: 'Download Letter' }));
    expect(downloads.map((download) => download.fileName)).toEqual([
      expect.stringMatching(/\.txt$/),
    ]);
  });

  it('exports Word and Google Docs files from the export-options panel', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillSender(user);
    await fillForm(user);
    await goToStep(user, 'Review');
    const panel = screen.getByRole('region', { name: 'Export options' });
    await user.click(within(panel).getByRole('button', { name: 'Microsoft Word (.docx)' }));
    await user.click(within(panel).getByRole('button', { name: 'Google Docs (.html)' }));
    await act(() => vi.waitFor(() => expect(downloads).toHaveLength(2)));
    expect(
      downloads.map((download) => download.fileName.replace(/\d{4}-\d\d-\d\d/, 'DATE')),
    ).toEqual(
      expect.arrayContaining([
        'dispute-letter-equifax-incorrect-balance-DATE.docx',
        'dispute-letter-equifax-incorrect-balance-DATE.html',
      ]),
    );
    expect(await screen.findByText('Word document downloaded')).toBeInTheDocument();
  });
});

describe('after the legal review', () => {
  it('offers no creditor letter for a bankruptcy, and says why', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'outdated-info');
    await user.selectOptions(screen.getByLabelText('Item Type'), 'chapter-7');
    await user.type(screen.getByLabelText('Date Filed'), '2010-01-10');
    await user.click(screen.getByRole('button', { name: 'Add another disputed item' }));
    await user.selectOptions(screen.getByLabelText('Error Type (item 2)'), 'incorrect-status');
    await user.type(screen.getByLabelText('Account Name (item 2)'), 'Chase Auto');
    await user.type(screen.getByLabelText('Account Number (item 2)'), '7788');
    await user.type(screen.getByLabelText('Correct Status (item 2)'), 'Paid in full');
    await user.type(screen.getByLabelText('Error Details (item 2)'), 'Paid in full in January.');
    await goToStep(user, 'Review');
    const panel = screen.getByRole('region', { name: 'Letter to the creditor' });
    expect(panel).toHaveTextContent(
      'Credit bureaus take a bankruptcy from court records, not from a creditor, so dispute it with the credit bureau only.',
    );
    expect(
      within(panel).queryByRole('button', { name: 'Preview Furnisher Letter' }),
    ).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText("Creditor's Name")).not.toBeInTheDocument();

    await user.selectOptions(within(panel).getByLabelText('Disputed item'), '1');
    expect(panel).not.toHaveTextContent('court records');
    await user.click(within(panel).getByRole('button', { name: 'Preview Furnisher Letter' }));
    expect(screen.getByRole('dialog', { name: 'Furnisher Letter Preview' })).toHaveTextContent(
      'Account name: Chase Auto',
    );
  });

  it('ticks and locks Copy of my ID while an item is identity theft, as the letter encloses it', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await goToStep(user, 'Review');
    const id = screen.getByLabelText('Copy of my ID');
    await user.click(id);
    expect(id).not.toBeChecked();

    await goToStep(user, 'Disputed items');
    await user.selectOptions(screen.getByLabelText('Error Type'), 'not-mine');
    await user.click(screen.getByLabelText('This is identity theft'));
    await goToStep(user, 'Review');
    expect(id).toBeChecked();
    expect(id).toBeDisabled();
    expect(id).toHaveAccessibleDescription('Needed as proof of identity for identity theft.');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByLabelText('Letter text').textContent).toContain(
      '- A copy of my government-issued photo ID',
    );
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    // Not identity theft any more: the user's own choice is back.
    await goToStep(user, 'Disputed items');
    await user.click(screen.getByLabelText('This is identity theft'));
    await goToStep(user, 'Review');
    expect(id).not.toBeChecked();
    expect(id).toBeEnabled();
  });

  it('records the same letter once, even when it is previewed or generated again', async () => {
    const user = await openMailablePreview();
    captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Mark as mailed' }));
    expect(await screen.findByRole('button', { name: 'Added to My Disputes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    // A new preview and a new Generate build new letter objects with the same text.
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByRole('button', { name: 'Added to My Disputes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(screen.getByRole('button', { name: 'Added to My Disputes' })).toBeDisabled();
    expect(onMailed).toHaveBeenCalledOnce();

    // A different letter (another recipient) can be recorded.
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));
    await user.type(screen.getByLabelText("Creditor's Name"), 'Capital One');
    await user.type(
      screen.getByLabelText("Creditor's dispute address (optional)"),
      'P.O. Box 30285{Enter}Salt Lake City, UT 84130',
    );
    await user.click(screen.getByRole('button', { name: 'Preview Furnisher Letter' }));
    await user.click(screen.getByRole('button', { name: 'Mark as mailed' }));
    await vi.waitFor(() => expect(onMailed).toHaveBeenCalledTimes(2));
  });

  it('refuses a mailing date in the future, with the error beside the field', async () => {
    setClock();
    const user = await openMailablePreview();
    const mailedOn = screen.getByLabelText('Mailed On');
    expect(mailedOn).toHaveAttribute('max', '2026-11-26');
    await user.clear(mailedOn);
    await user.type(mailedOn, '2026-11-27');
    expect(mailedOn).toHaveAttribute('aria-invalid', 'true');
    expect(mailedOn).toHaveAccessibleDescription('The mailing date cannot be in the future.');
    await user.click(screen.getByRole('button', { name: 'Mark as mailed' }));
    expect(onMailed).not.toHaveBeenCalled();

    await user.clear(mailedOn);
    await user.type(mailedOn, '2026-11-26');
    expect(mailedOn).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Mark as mailed' }));
    expect(onMailed).toHaveBeenCalledOnce();
  });

  it('takes the new day for today when midnight passes with the preview open', async () => {
    setClock(new Date(2026, 10, 26, 23, 59));
    const user = await openMailablePreview();
    const mailedOn = screen.getByLabelText('Mailed On');
    expect(mailedOn).toHaveValue('2026-11-26');
    vi.setSystemTime(new Date(2026, 10, 27, 0, 1));
    await user.clear(mailedOn);
    await user.type(mailedOn, '2026-11-27');
    expect(mailedOn).not.toHaveAttribute('aria-invalid');
    expect(mailedOn).toHaveAttribute('max', '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Mark as mailed' }));
    expect(mailedLetters.map((letter) => letter.mailedOn)).toEqual(['2026-11-27']);
  });
});

describe('Letters III', () => {
  it('offers the 9 types, with the facts of Incorrect Personal Information and no creditor letter for it', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    const type = screen.getByLabelText('Error Type');
    expect(within(type).getAllByRole('option')).toHaveLength(10);
    await user.selectOptions(type, 'incorrect-personal-info');
    expect(screen.queryByLabelText('Account Number')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Information Type'), 'address');
    await user.type(screen.getByLabelText('What You Report'), '99 Pine Road, Dayton, OH');
    await user.click(screen.getByLabelText('This is not mine: I never used it'));
    await goToStep(user, 'Review');
    const panel = screen.getByRole('region', { name: 'Letter to the creditor' });
    expect(panel).toHaveTextContent('12 CFR 1022.43(b)(1)(i) and (ii) leave them out');
    expect(
      within(panel).queryByRole('button', { name: 'Preview Furnisher Letter' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const text = screen.getByLabelText('Letter text').textContent;
    expect(text).toContain('What you report: my address as "99 Pine Road, Dayton, OH".');
    expect(text).toContain('What I ask: please delete this address.');
  });

  it('Unauthorized Inquiry: warns of lawful pulls, takes an old date, and marks a future one at once', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'unauthorized-inquiry');
    // Before the letter is made: pulls that are often lawful without an application.
    const warning = screen.getByRole('note');
    expect(warning).toHaveTextContent('A car dealer may check your credit to shop your loan');
    expect(warning).toHaveTextContent('A debt collector may check it to collect a debt');
    expect(warning).toHaveTextContent('may check it to review your account');
    const date = screen.getByLabelText('Inquiry Date');
    // No law sets 2 years: an older inquiry is disputed under the bureau's policy (issue 41).
    await user.type(date, '2020-01-15');
    expect(date).not.toHaveAttribute('aria-invalid');
    await user.clear(date);
    await user.type(date, '2099-01-01');
    expect(date).toHaveAccessibleDescription(
      'This date is in the future. Enter the date as your report shows it.',
    );
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Inquiry Date'));
  });

  it('needs the account number or the "not shown" tick, and a fact of what is true', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.clear(screen.getByLabelText('Account Number'));
    await user.clear(screen.getByLabelText('Correct balance (may be $0)'));
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Account Number')).toHaveAccessibleDescription(
      expect.stringContaining('or tick "Not shown on my report"'),
    );
    expect(screen.getByLabelText('Correct balance (may be $0)')).toHaveAccessibleDescription(
      'Enter the correct balance: what you really owe.',
    );
    await user.click(screen.getByLabelText('Not shown on my report'));
    await user.type(screen.getByLabelText('Correct balance (may be $0)'), '$900');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByLabelText('Letter text').textContent).toContain(
      'Account number: not shown on my report',
    );
  });

  it('marks a report number longer than 40 characters in Your details', async () => {
    const user = renderGenerator();
    // Typing stops at the field's limit; a longer value (restored, autofilled) is marked.
    await user.type(screen.getByLabelText('Report Number'), '1'.repeat(41));
    expect(screen.getByLabelText('Report Number')).toHaveValue('1'.repeat(40));
    fireEvent.change(screen.getByLabelText('Report Number'), {
      target: { value: '1'.repeat(41) },
    });
    expect(screen.getByLabelText('Report Number')).toHaveAccessibleDescription(
      expect.stringContaining('A report number has at most 40 characters.'),
    );
  });

  it('limits each further bureau’s report number to 40 characters, with a live count', async () => {
    const user = renderGenerator();
    await fillForm(user);
    for (const bureau of ['Experian', 'TransUnion']) {
      await user.click(screen.getByLabelText(bureau));
      const field = screen.getByLabelText(`Report Number (${bureau})`);
      expect(field).toHaveAttribute('maxlength', '40');
      expect(field.parentElement).toHaveTextContent('0 / 40');
      await user.type(field, '1'.repeat(41));
      expect(field).toHaveValue('1'.repeat(40));
      expect(field.parentElement).toHaveTextContent('40 / 40');
      expect(field).not.toHaveAttribute('aria-invalid');
    }
  });

  it('counts characters under text facts only, not under a list of choices', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'duplicate-account');
    expect(screen.getByLabelText('Duplicate Of').parentElement).toHaveTextContent('0 / 120');
    expect(screen.getByLabelText('Entry to Remove').parentElement).not.toHaveTextContent('/ 120');
  });

  it('makes one letter per chosen bureau, each with its address and report number, in one .zip', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillSender(user);
    await user.type(screen.getByLabelText('Report Number'), 'EQ-1');
    await fillForm(user);
    await user.click(screen.getByLabelText('TransUnion'));
    await user.type(screen.getByLabelText('Report Number (TransUnion)'), 'TU-2');
    expect(screen.queryByLabelText('Equifax')).not.toBeInTheDocument();
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(
      await screen.findByText(
        '2 letters downloaded in one .zip file, one for each bureau: Equifax, TransUnion.',
      ),
    ).toBeInTheDocument();
    const [zipped] = downloads;
    expect(zipped?.fileName).toMatch(/^dispute-letters-incorrect-balance-\d{4}-\d{2}-\d{2}\.zip$/);
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await readBlob(zipped!.blob));
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([
      expect.stringMatching(/^dispute-letter-equifax-incorrect-balance-/),
      expect.stringMatching(/^dispute-letter-transunion-incorrect-balance-/),
    ]);
    const equifax = await zip.file(names[0]!)!.async('string');
    const transunion = await zip.file(names[1]!)!.async('string');
    expect(equifax).toContain('Atlanta, GA 30374');
    expect(equifax).toContain('(report number EQ-1)');
    expect(transunion).toContain('Chester, PA 19016');
    expect(transunion).toContain('(report number TU-2)');
    expect(transunion).not.toContain('EQ-1');
  });
});

describe('Letters IV', () => {
  it('names whom to notify under §1681i(d), refusing more than 5 names beside the field', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    const notify = screen.getByLabelText('Send notice to (optional)');
    await user.type(notify, 'A{Enter}B{Enter}C{Enter}D{Enter}E{Enter}F');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(notify).toHaveAttribute('aria-invalid', 'true');
    expect(notify).toHaveAccessibleDescription(
      expect.stringContaining('Name at most 5 people or companies, one a line.'),
    );
    await user.clear(notify);
    await user.type(notify, 'Acme Motors');
    await goToStep(user, 'Review');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByLabelText('Letter text').textContent).toContain(
      'each person I specifically designate below. This applies if the person got a report with the item in the past 6 months, or 2 years for a job.\n- Acme Motors\n',
    );
  });

  it('asks whether a Chapter 13 plan was completed, and names the §1681c(b) exceptions', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'outdated-info');
    await user.selectOptions(screen.getByLabelText('Item Type'), 'chapter-13');
    expect(
      screen.getByText(
        /credit or life insurance of \$150,000 or more, or for a job paying \$75,000 or more/,
      ),
    ).toBeInTheDocument();
    const date = screen.getByLabelText('Date Filed');
    await user.type(date, '2017-05-01');
    // Not completed: only the law's 10 years apply, so it may still be reported.
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByLabelText('The Chapter 13 plan was completed'));
    expect(date).not.toHaveAttribute('aria-invalid');
  });

  it('asks a debt collector for validation under §1692g(b), saying when collection must pause', async () => {
    const user = renderGenerator();
    await fillSender(user);
    await fillForm(user);
    await goToStep(user, 'Review');
    expect(screen.queryByLabelText(/Ask it to validate the debt/)).toBeNull();
    await user.click(screen.getByLabelText('This company is a debt collector'));
    const validate = screen.getByLabelText(/Ask it to validate the debt/);
    expect(validate).toHaveAccessibleDescription(
      'A debt collector must pause collection until it answers, if your request arrives within 30 days of its first notice to you.',
    );
    await user.click(validate);
    await user.click(screen.getByRole('button', { name: 'Preview Furnisher Letter' }));
    const text = within(screen.getByRole('dialog')).getByLabelText('Letter text').textContent;
    expect(text).toContain('Under §1692g(b), please send me verification of this debt');
    expect(text).toContain('This letter does not acknowledge any debt');
  });
});

describe('nothing lost', () => {
  it('keeps the step in the address, one history entry per step', async () => {
    const seen: string[] = [];
    function Location() {
      const location = useLocation();
      seen.push(location.search);
      return null;
    }
    toast.remove();
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter initialEntries={['/tools?step=3']}>
        <DisputeGenerator userId="user-1" onMailed={onMailed} />
        <Location />
      </MemoryRouter>,
    );
    // A reload on ?step=3 stays on Review.
    expect(screen.getByRole('heading', { name: 'Review' })).toBeVisible();
    await goToStep(user, 'Your details');
    expect(seen.at(-1)).toBe('');
    await user.click(screen.getByRole('button', { name: 'Next: Disputed items' }));
    expect(seen.at(-1)).toBe('?step=2');
    expect(screen.getByRole('heading', { name: 'Disputed items' })).toHaveFocus();
  });

  it('keeps the draft for the session, without the identity details, and restores it', async () => {
    let user = renderGenerator();
    await fillSender(user);
    await user.type(screen.getByLabelText('Date of Birth'), '1985-03-04');
    await user.type(screen.getByLabelText('Last 4 of SSN'), '6789');
    await user.type(screen.getByLabelText('Report Number'), '3318-2207');
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Error Type'), 'not-mine');
    await user.click(screen.getByLabelText('This is identity theft'));
    await user.click(screen.getByLabelText('I have an FTC or police identity theft report'));
    await user.type(screen.getByLabelText('Identity Theft Report Number'), '998877');
    const kept = localStorage.getItem('credit-dispute-letters:letter-draft:user-1') ?? '';
    expect(kept).toContain('Capital One Visa');
    expect(kept).not.toMatch(/6789|1985|3318|998877/);

    // A reload: the page starts again from what this tab kept.
    cleanup();
    user = renderGenerator();
    await goToStep(user, 'Disputed items');
    expect(screen.getByLabelText('Credit Bureau')).toHaveValue('equifax');
    expect(screen.getByLabelText('Account Name')).toHaveValue('Capital One Visa');
    expect(screen.getByLabelText('Error Details')).toHaveValue(
      'The balance is $900, not $9,000. I paid the rest in March.',
    );
    expect(screen.getByLabelText('Identity Theft Report Number')).toHaveValue('');
    await goToStep(user, 'Your details');
    expect(screen.getByLabelText('Your Name')).toHaveValue('Jane Q. Public');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('');
  });

  it('asks before the page is left with unsaved input, and not before', async () => {
    const user = renderGenerator();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await goToStep(user, 'Disputed items');
    await user.type(screen.getByLabelText('Account Name'), 'Capital One Visa');
    expect(leave()).toBe(true);
    await user.clear(screen.getByLabelText('Account Name'));
    expect(leave()).toBe(false);
  });
});
