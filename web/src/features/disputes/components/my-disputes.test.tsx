import 'fake-indexeddb/auto';
import { sampleDispute } from '@shared/disputes/testing/sample-dispute';
import { addDays, formatIsoLong, toIsoDate } from '@shared/letters';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisputeStore, loadDetails, saveDetails } from '@/lib/device-store';
import { deleteDisputesDatabase as deleteDisputesOnDevice } from '@/lib/device-store/disputes-db';
import { getSupabase } from '@/lib/supabase';
import { createFakeSupabase, makeSession, makeUser } from '@/testing/fake-supabase';
import { MyDisputes } from './my-disputes';

vi.mock('@/lib/supabase');

const USER = 'user-1';
const today = toIsoDate(new Date());
const ROUND_1_LETTER = [
  'Jane Q. Public',
  '',
  'Disputed item: Incorrect Payment History',
  'Account name: Chase Sapphire',
  '',
  'Enclosures:',
  '- Exhibit 1: June 2026 bank statement',
  '- Exhibit 2: Payment confirmation',
  '',
].join('\n');

async function show(...disputes: ReturnType<typeof sampleDispute>[]) {
  const store = await DisputeStore.open(USER);
  for (const dispute of disputes) await store.put(dispute);
  store.close();
  render(
    <MemoryRouter>
      <MyDisputes userId={USER} />
    </MemoryRouter>,
  );
  // The dashboard lists it; its row opens it.
  await userEvent.click(await screen.findByRole('link', { name: /: Round 1$/ }));
  return { card: await screen.findByRole('article', { name: /^Round 1/ }) };
}

/** Delivered `daysAgo` days ago, with the first item's outcome. */
function delivered(daysAgo: number, outcome?: 'verified' | 'frivolous' | 'no-response') {
  const [first, second] = sampleDispute().items;
  return sampleDispute({
    mailedOn: addDays(today, -daysAgo - 3),
    deliveredOn: addDays(today, -daysAgo),
    letterText: ROUND_1_LETTER,
    items: [{ ...first!, outcome }, second!],
  });
}

afterEach(async () => {
  await deleteDisputesOnDevice(USER);
  vi.unstubAllGlobals();
});

describe('My Disputes page', () => {
  it('speaks of the creditor, not the bureau, in a dispute to a creditor', async () => {
    const { card } = await show({
      ...delivered(20, 'frivolous'),
      recipient: { kind: 'furnisher', name: 'Citibank N.A.', address: '' },
    });
    expect(
      within(card).getByLabelText('The reason the creditor gave for Chase Sapphire'),
    ).toBeVisible();
    expect(
      within(card).getByRole('checkbox', {
        name: 'The creditor gave no reason for Chase Sapphire',
      }),
    ).toBeVisible();
  });

  it('sends an unanswered dispute to a creditor on to the credit bureaus, and names the rule', async () => {
    const { card } = await show({
      ...delivered(40),
      recipient: { kind: 'furnisher', name: 'Citibank N.A.', address: '' },
    });
    expect(card).toHaveTextContent(
      'Citibank N.A. did not answer within the 30 days it had (12 CFR 1022.43(e)).',
    );
    expect(within(card).getByRole('link', { name: 'Dispute Generator' })).toHaveAttribute(
      'href',
      '/tools',
    );
  });

  it('offers "No response" only after the due date, saying from when', async () => {
    // Delivered 10 days ago: the 30-day period ends in 19 days; "No response" opens in 20.
    const { card } = await show(delivered(10));
    const from = formatIsoLong(addDays(today, 20));
    const outcome = within(card).getByLabelText('Outcome for Chase Sapphire');
    const option = within(outcome).getByRole('option', { name: `No response (from ${from})` });
    expect(option).toBeDisabled();
    expect(outcome).toHaveAccessibleDescription(
      `"No response" can be recorded from ${from}, the day after the answer is due.`,
    );
    expect(within(card).queryByRole('button', { name: /no-response/ })).not.toBeInTheDocument();
  });

  it('offers "No response" and its follow-up once the due date has passed', async () => {
    const { card } = await show(delivered(40));
    const outcome = within(card).getByLabelText('Outcome for Chase Sapphire');
    expect(within(outcome).getByRole('option', { name: 'No response' })).toBeEnabled();
    expect(
      within(card).getByRole('button', { name: 'Build the no-response follow-up' }),
    ).toBeInTheDocument();
  });

  it('waits 5 business days after the due date before the no-response letter, saying from when', async () => {
    // Delivered 30 days ago: the 30-day period ended yesterday; the results may still be in the mail.
    const { card } = await show(delivered(30));
    expect(
      within(card).queryByRole('button', { name: 'Build the no-response follow-up' }),
    ).not.toBeInTheDocument();
    expect(card).toHaveTextContent(
      /The no-response follow-up can be made from \w+ \d+, \d{4}: the bureau has 5 business days after its deadline to mail its results \(15 U\.S\.C\. §1681i\(a\)\(6\)\(A\)\)\./,
    );
  });

  it('asks the identity lines for a follow-up, downloads the letter with them and keeps it without', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { card } = await show(delivered(20, 'verified'));
    const form = within(card)
      .getByRole('button', { name: 'Build the method-of-verification request' })
      .closest('form')!;
    const ssn = within(form).getByLabelText('Last 4 of SSN');
    // Refused as it is typed, as in the generator: digits only, never more than 4.
    await userEvent.type(ssn, '123-45-6789');
    expect(ssn).toHaveValue('1234');
    const refused = 'Enter only the last 4 digits of your SSN, never the full number.';
    expect(ssn).toHaveAccessibleDescription(refused);
    expect(within(form).getByRole('alert')).toHaveTextContent(refused);
    await userEvent.clear(ssn);
    await userEvent.type(ssn, '6789');
    expect(ssn).toHaveAccessibleDescription('The letter shows these 4 digits only.');
    await userEvent.type(within(form).getByLabelText('Date of Birth'), '1985-03-04');
    await userEvent.type(within(form).getByLabelText('Report Number'), '3318-2207-51');
    // The first round's exhibits go again unless unticked.
    await userEvent.click(within(form).getByLabelText('Exhibit 2: Payment confirmation'));
    await userEvent.click(
      within(form).getByRole('button', { name: 'Build the method-of-verification request' }),
    );
    const round2 = await screen.findByRole('article', { name: /^Round 2: Method-of-verification/ });
    const kept = within(round2).getByLabelText('Letter text, round 2').textContent ?? '';
    expect(kept).not.toMatch(/6789|March 4, 1985|3318-2207-51/);
    expect(kept).toContain('Account number: ending in 4321');
    expect(kept).toContain('Enclosures:\n- Exhibit 1: June 2026 bank statement\n');
    expect(kept).not.toContain('Payment confirmation');
    // jsdom's Blob has no text(); its FileReader reads it.
    const mailed = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved.at(-1)!);
    });
    expect(mailed).toContain('Date of birth: March 4, 1985\nSSN (last 4 digits): 6789\n');
    expect(mailed).toContain('(report number 3318-2207-51)');
  });

  it('builds the resubmission only with the reason, or "The bureau gave no reason" ticked', async () => {
    const { card } = await show(delivered(20, 'frivolous'));
    await userEvent.type(
      within(card).getByLabelText('What you are sending now, as the bureau asked'),
      'Copy of my driver’s license',
    );
    const build = within(card).getByRole('button', { name: 'Build the resubmission' });
    await userEvent.click(build);
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Enter the reason the bureau gave for Chase Sapphire, or tick "The bureau gave no reason".',
    );
    await userEvent.click(
      within(card).getByRole('checkbox', { name: 'The bureau gave no reason for Chase Sapphire' }),
    );
    expect(
      within(card).getByLabelText('The reason the bureau gave for Chase Sapphire'),
    ).toBeDisabled();
    await userEvent.click(build);
    const round2 = await screen.findByRole('article', { name: /^Round 2: Resubmission/ });
    expect(within(round2).getByLabelText('Letter text, round 2').textContent).toContain(
      'but did not say why or what information you need.',
    );
  });

  it("builds the direct dispute with the creditor letter panel's fields; errors are tied to their field", async () => {
    const { card } = await show(delivered(20, 'verified'));
    const form = within(card)
      .getByRole('button', { name: 'Build a direct dispute to Chase Sapphire' })
      .closest('form')!;
    const name = within(form).getByLabelText("Creditor's Name");
    // The error type comes from the first letter.
    expect(within(form).getByLabelText('Error Type')).toHaveValue('incorrect-payment-history');
    await userEvent.click(within(form).getByRole('button'));
    const error = within(form).getByRole('alert');
    expect(error).toHaveTextContent("Enter the creditor's name, as your credit report shows it.");
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(name).toHaveFocus();
    await userEvent.type(name, 'JPMorgan Chase Bank, N.A.');
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.type(
      within(form).getByLabelText("Creditor's dispute address (optional)"),
      'P.O. Box 15298{enter}Wilmington, DE 19850',
    );
    await userEvent.type(
      within(form).getByLabelText('Supporting Evidence'),
      'June 2026 bank statement',
    );
    // 12 CFR 1022.43(f)(1)(ii): after the bureau verified it, the creditor needs something new.
    await userEvent.click(within(form).getByRole('button'));
    const whatIsNew = within(form).getByLabelText('What is new since your dispute with the bureau');
    expect(whatIsNew).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Say what is new since your dispute with Experian',
    );
    await userEvent.type(whatIsNew, 'My bank’s letter confirming the June 3 payment');
    // The first letter's checks run here too: the type's facts, beside their field.
    await userEvent.click(within(form).getByRole('button'));
    const months = within(form).getByLabelText('Months Reported Late');
    expect(months).toHaveAttribute('aria-invalid', 'true');
    expect(months).toHaveAccessibleDescription(
      'Enter the months reported late, e.g. "June and July 2026".',
    );
    expect(months).toHaveFocus();
    await userEvent.type(months, 'June 2026');
    await userEvent.click(within(form).getByRole('button'));
    const round2 = await screen.findByRole('article', {
      name: 'Round 2: Direct dispute to the creditor to JPMorgan Chase Bank, N.A.',
    });
    const letter = within(round2).getByLabelText('Letter text, round 2').textContent ?? '';
    expect(letter).toContain('JPMorgan Chase Bank, N.A.\nP.O. Box 15298\nWilmington, DE 19850');
    expect(letter).toContain('Exhibit 1: June 2026 bank statement');
    expect(letter).toContain('please report the item as disputed');
    expect(letter).toContain('What you report to credit bureaus: late payments in June 2026.');
    // Its exhibit is a slot to attach the file to.
    expect(within(round2).getByLabelText('Attach a file to Exhibit 1')).toBeInTheDocument();
  });

  it('offers no direct dispute for an inquiry or personal information, and no such type to choose (the crash)', async () => {
    const [first] = sampleDispute().items;
    const { card } = await show({
      ...delivered(20),
      items: [
        { ...first!, outcome: 'verified' },
        {
          id: 'i2',
          accountName: 'Acme Auto Finance',
          details: 'I never applied for credit with Acme.',
          errorType: 'unauthorized-inquiry',
          outcome: 'verified',
        },
        {
          id: 'i3',
          accountName: 'Address: 99 Pine Road, Dayton, OH',
          details: 'I never lived there.',
          errorType: 'incorrect-personal-info',
          outcome: 'verified',
        },
      ],
    });
    expect(within(card).queryByRole('button', { name: /direct dispute to Acme/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /direct dispute to Address/ })).toBeNull();
    expect(
      within(card).getByRole('button', {
        name: 'Build a statement of dispute for Acme Auto Finance',
      }),
    ).toBeInTheDocument();
    const form = within(card)
      .getByRole('button', { name: 'Build a direct dispute to Chase Sapphire' })
      .closest('form')!;
    const types = within(within(form).getByLabelText('Error Type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(types).not.toContain('Unauthorized Inquiry');
    expect(types).not.toContain('Incorrect Personal Information');
    expect(types).toContain('Incorrect Balance');
  });

  it('fills the direct dispute with the facts the first letter gave, "Correct balance (may be $0)"', async () => {
    const [first] = sampleDispute().items;
    const { card } = await show({
      ...delivered(20),
      items: [
        {
          ...first!,
          outcome: 'verified',
          errorType: 'incorrect-balance',
          facts: { reportedBalance: '$2,400', correctBalance: '$150' },
        },
      ],
    });
    const form = within(card)
      .getByRole('button', { name: 'Build a direct dispute to Chase Sapphire' })
      .closest('form')!;
    expect(within(form).getByLabelText('Error Type')).toHaveValue('incorrect-balance');
    expect(within(form).getByLabelText('Correct balance (may be $0)')).toHaveValue('$150');
    expect(within(form).getByLabelText('Reported Balance')).toHaveValue('$2,400');
  });

  it("lists the letter's exhibits to attach files to, warning where a file is missing", async () => {
    const { card } = await show(delivered(5));
    expect(within(card).getByText('June 2026 bank statement')).toBeInTheDocument();
    expect(within(card).getByText('Payment confirmation')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'No file attached yet: attach one, or enclose a paper copy marked "Exhibit 2".',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText('Attach a file to Exhibit 2')).toBeInTheDocument();
  });

  it('says the identity lines are not kept and must be added by hand', async () => {
    const { card } = await show(delivered(5));
    expect(
      within(card).getByText(
        'Identity lines (date of birth, last 4 of SSN, report number) are not kept on this device: add them by hand before mailing.',
      ),
    ).toBeInTheDocument();
  });

  it('checks Delivered On and Response Received On again when Mailed On changes', async () => {
    const { card } = await show(delivered(5));
    const mailed = within(card).getByLabelText('Mailed On');
    // A date picker changes the whole value at once.
    fireEvent.change(mailed, { target: { value: addDays(today, -2) } });
    expect(mailed).toHaveAttribute('aria-invalid', 'true');
    expect(mailed).toHaveAccessibleDescription(
      `Mailed On cannot be after Delivered On (${formatIsoLong(addDays(today, -5))}).`,
    );
    // Nothing out of order was saved.
    const store = await DisputeStore.open(USER);
    expect((await store.get('d1'))?.mailedOn).toBe(addDays(today, -8));
    store.close();
    // Fixing the order clears the error and saves.
    fireEvent.change(mailed, { target: { value: addDays(today, -6) } });
    expect(mailed).not.toHaveAttribute('aria-invalid');
    await waitFor(async () => {
      const reopened = await DisputeStore.open(USER);
      expect((await reopened.get('d1'))?.mailedOn).toBe(addDays(today, -6));
      reopened.close();
    });
  });

  it('gives every text field its limit and a live count of its characters', async () => {
    /** What the user types into: dates, ticks, files and the read-only letter aside. */
    const textFields = (root: HTMLElement) =>
      [
        ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
          'input:not([type]), input[type=text], textarea:not([readonly])',
        ),
      ].filter((field) => {
        const label = field.labels?.[0]?.textContent ?? '';
        // The SSN field refuses more than 4 digits with its own message; the statement counts words.
        return label !== 'Last 4 of SSN' && !label.startsWith('Your statement');
      });
    const expectCounted = (root: HTMLElement) => {
      const fields = textFields(root);
      for (const field of fields) {
        expect(field.maxLength, field.labels?.[0]?.textContent ?? field.id).toBeGreaterThan(0);
        expect(field.parentElement).toHaveTextContent(
          `${field.value.length} / ${field.maxLength.toLocaleString('en-US')}`,
        );
      }
      return fields.map((field) => field.labels?.[0]?.textContent);
    };

    const { card } = await show(delivered(20, 'verified'));
    expect(expectCounted(card)).toEqual(
      expect.arrayContaining([
        'Certified Mail Tracking Number',
        "Creditor's Name",
        "Creditor's dispute address (optional)",
        'Supporting Evidence',
        'What is new since your dispute with the bureau',
        'Report Number',
      ]),
    );
    const tracking = within(card).getByLabelText('Certified Mail Tracking Number');
    await userEvent.clear(tracking);
    await userEvent.type(tracking, '9407');
    expect(tracking.parentElement).toHaveTextContent('4 / 40');
    // Near the limit, screen readers hear what is left (politely).
    fireEvent.change(tracking, { target: { value: '9'.repeat(38) } });
    const left = within(tracking.parentElement!).getByText('2 characters left');
    expect(left).toHaveAttribute('aria-live', 'polite');
    cleanup();
    await deleteDisputesOnDevice(USER);

    const frivolous = await show(delivered(20, 'frivolous'));
    expect(expectCounted(frivolous.card)).toEqual(
      expect.arrayContaining([
        'The reason the bureau gave for Chase Sapphire',
        'What you are sending now, as the bureau asked',
      ]),
    );
    const reason = within(frivolous.card).getByLabelText(
      'The reason the bureau gave for Chase Sapphire',
    );
    await userEvent.type(reason, 'Insufficient');
    expect(reason.parentElement).toHaveTextContent('12 / 1,000');
  });

  it('moves focus to the confirm button and back on cancel (Remove, Delete all my data)', async () => {
    const { card } = await show(delivered(5));
    saveDetails(USER, { name: 'Jane Doe' });
    const remove = within(card).getByRole('button', { name: 'Remove' });
    await userEvent.click(remove);
    expect(within(card).getByRole('button', { name: 'Yes, remove it' })).toHaveFocus();
    await userEvent.click(within(card).getByRole('button', { name: 'Keep it' }));
    expect(within(card).getByRole('button', { name: 'Remove' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Delete all my data' }));
    const confirm = screen.getByRole('button', { name: 'Yes, delete everything' });
    expect(confirm).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete all my data' })).toHaveFocus();
    expect(loadDetails(USER).name).toBe('Jane Doe');

    // Our server deletes its copies first (the sync and reminders routes).
    const fake = createFakeSupabase({ session: makeSession(makeUser({ id: USER })) });
    vi.mocked(getSupabase).mockResolvedValue(fake.client);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete all my data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    await screen.findByRole('heading', { name: 'No disputes yet' });
    expect(loadDetails(USER).name).toBeUndefined();
  });
});
