import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';
import { FAQ_CATEGORIES, searchFaqs } from './faq-data';

vi.mock('@/lib/supabase');

const CATEGORIES = [
  'Getting Started',
  'Credit Bureaus & Mailing',
  'Editing & Software',
  'Timeline & Results',
  'Additional Support',
];

async function openFaq() {
  renderApp('/faq', createFakeSupabase());
  await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
  return within(screen.getByRole('main'));
}

describe('FAQ', () => {
  it('has 11 questions in the five categories', () => {
    expect(FAQ_CATEGORIES.map((category) => category.title)).toEqual(CATEGORIES);
    expect(FAQ_CATEGORIES.flatMap((category) => category.items)).toHaveLength(11);
  });

  it('says what sync stores, what losing passphrase and recovery code means, and how to turn it off', () => {
    const answer = searchFaqs('Sync across my devices')[0]!.answer;
    expect(answer).toContain('our server keeps only ciphertext it cannot read');
    expect(answer).toContain(
      'if you lose both it and the passphrase, nobody can open the synced copy',
    );
    expect(answer).toContain('Turn off sync there to delete the server copy');
  });

  it('counts the dispute types there are and names the two newest', () => {
    const answer = FAQ_CATEGORIES[0]!.items[0]!.answer;
    expect(answer).toContain('one of the 9 types of error');
    expect(answer).toContain('Incorrect Personal Information, Unauthorized Inquiry');
  });

  it('searches question and answer text, ignoring case', () => {
    expect(searchFaqs('CERTIFIED MAIL').map((item) => item.id)).toEqual(['how-to-mail']);
    expect(searchFaqs('which credit BUREAUS').map((item) => item.id)).toEqual(['which-bureaus']);
  });

  it('lists every category with its questions, all closed', async () => {
    const main = await openFaq();
    for (const title of CATEGORIES)
      expect(main.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    const questions = main.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(11);
  });

  it('keeps only one question open at a time', async () => {
    const main = await openFaq();
    const [first, second] = main.getAllByRole('button', { expanded: false });
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(main.getByText(/builds a dispute letter for Experian/)).toBeVisible();
    await userEvent.click(second!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second!);
    expect(main.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('shows the number of matches and the empty message', async () => {
    const main = await openFaq();
    const search = main.getByLabelText('Search FAQs');
    await userEvent.type(search, 'BUREAU');
    const heading = main.getByRole('heading', { name: /Search Results/ });
    const expected = searchFaqs('bureau').length;
    expect(expected).toBeGreaterThan(1);
    expect(heading).toHaveTextContent(`Search Results (${expected} found)`);
    expect(main.getAllByRole('button', { expanded: false })).toHaveLength(expected);

    await userEvent.clear(search);
    await userEvent.type(search, 'zebra crossing');
    expect(main.getByRole('heading', { name: 'Search Results (0 found)' })).toBeInTheDocument();
    expect(main.getByText('No FAQs found matching your search.')).toBeInTheDocument();

    await userEvent.clear(search);
    expect(main.getByRole('heading', { name: 'Getting Started' })).toBeInTheDocument();
  });
});
