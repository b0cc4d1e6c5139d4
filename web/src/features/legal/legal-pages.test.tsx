import { PLAN } from '@shared/plan';
import { LOG_RETENTION_DAYS, SERVER_DATA } from '@shared/privacy-facts';
import { readability } from '@shared/letters/testing/readability';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUND_RULE } from '@/config/policies';
import { applyRuntimeConfig, DEFAULT_SUPPORT_EMAIL } from '@/config/runtime-config';
import { createFakeSupabase, TEST_CONFIG } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => applyRuntimeConfig({ ...TEST_CONFIG, supportEmail: DEFAULT_SUPPORT_EMAIL }));

const OPERATOR = { name: 'Example Letters LLC', address: '1 Main St\nSpringfield, IL 62701' };
const NOT_GIVEN =
  'The people who run this site have not yet given their name and postal address, so none is shown here.';

async function page(route: string, heading: string) {
  renderApp(route, createFakeSupabase());
  await screen.findByRole('heading', { name: heading, level: 1 });
  return within(screen.getByRole('main'));
}

/** The page's text as sentences: every paragraph and list item ends one. */
function sentencesOf(main: HTMLElement): string {
  return [...main.querySelectorAll('p, li')]
    .map((block) => block.textContent!.trim().replace(/([^.!?])$/, '$1.'))
    .join(' ');
}

describe('/privacy', () => {
  it('says what the servers keep, by kind and for how long, and the log retention in days', async () => {
    const main = await page('/privacy', 'Privacy Policy');
    const kept = main.getByRole('heading', { name: 'What our servers keep' }).parentElement!;
    for (const { what, kept: until } of SERVER_DATA) {
      expect(kept).toHaveTextContent(what);
      expect(kept).toHaveTextContent(until);
    }
    expect(kept).toHaveTextContent(`All logs are deleted after ${LOG_RETENTION_DAYS} days.`);
    // CloudFront's logs keep query strings, so an e-mailed link's token (README, Edge).
    expect(kept).toHaveTextContent('They can hold the one-time links we e-mail you');
  });

  it('says what stays in the browser, what is not stored at all, and what Stripe and SES get', async () => {
    const main = await page('/privacy', 'Privacy Policy');
    const browser = main.getByRole('heading', {
      name: 'What stays in your browser',
    }).parentElement!;
    for (const kept of ['Your details', 'My Disputes', 'files you attach'])
      expect(browser).toHaveTextContent(kept);
    expect(browser).toHaveTextContent(
      'Your date of birth, SSN digits and report number are not stored at all, not even in your browser.',
    );
    const others = main.getByRole('heading', { name: 'Who else gets your data' }).parentElement!;
    expect(others).toHaveTextContent('Stripe gets your e-mail address and your account number');
    expect(others).toHaveTextContent(
      'Amazon SES) gets your e-mail address and the message we send you',
    );
  });

  it('says how to export and delete, and how to close the account', async () => {
    const main = await page('/privacy', 'Privacy Policy');
    const section = main.getByRole('heading', { name: 'Save or delete your data' }).parentElement!;
    expect(within(section).getByRole('link', { name: 'My Disputes' })).toHaveAttribute(
      'href',
      '/disputes',
    );
    for (const step of [
      'Export backup',
      'Delete all my data',
      'Manage billing',
      'close your account',
    ])
      expect(section).toHaveTextContent(step);
  });

  it('reads at grade 10 or below', async () => {
    await page('/privacy', 'Privacy Policy');
    expect(readability(sentencesOf(screen.getByRole('main'))).grade).toBeLessThanOrEqual(10);
  });
});

describe('/terms', () => {
  it('describes the service as a letter tool, not credit repair, and no legal advice', async () => {
    const main = await page('/terms', 'Terms of Service');
    for (const line of [
      'We are not a credit repair organization.',
      'We do not charge any fee for results.',
      'We do not contact the credit bureaus or your creditors for you.',
      'Nothing on this site is legal advice.',
    ])
      expect(main.getByText(line)).toBeInTheDocument();
  });

  it('states the plan from shared/plan.ts, cancelling in the billing portal, and both refund rules', async () => {
    const main = await page('/terms', 'Terms of Service');
    expect(main.getByRole('heading', { name: 'The plan' }).parentElement).toHaveTextContent(
      `There is one plan, ${PLAN.name}: $${PLAN.price} (USD) a ${PLAN.interval}, with no setup fee.`,
    );
    expect(main.getByRole('heading', { name: 'Cancelling' }).parentElement).toHaveTextContent(
      'billing portal: sign in, open your name at the top of the page and choose Manage billing.',
    );
    expect(main.getByText(REFUND_RULE)).toBeInTheDocument();
    expect(main.getByText('No refunds are given for partial months.')).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Acceptable use' })).toBeInTheDocument();
  });

  it('reads at grade 10 or below', async () => {
    await page('/terms', 'Terms of Service');
    expect(readability(sentencesOf(screen.getByRole('main'))).grade).toBeLessThanOrEqual(10);
  });
});

describe('who runs the site', () => {
  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/support', 'Support'],
  ])('%s and the footer name the configured operator and postal address', async (route, h1) => {
    applyRuntimeConfig({ ...TEST_CONFIG, supportEmail: 'help@example.com', operator: OPERATOR });
    const main = await page(route, h1);
    const statement = 'This site is run by Example Letters LLC, 1 Main St, Springfield, IL 62701.';
    expect(main.getByText(statement)).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText(statement)).toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/support', 'Support'],
  ])('%s and the footer say plainly when none is configured', async (route, h1) => {
    const main = await page(route, h1);
    expect(main.getByText(NOT_GIVEN)).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText(NOT_GIVEN)).toBeInTheDocument();
  });

  it('/support links the terms and the privacy policy beside who runs the site', async () => {
    const main = await page('/support', 'Support');
    const section = main.getByRole('heading', { name: 'Who runs this site' }).parentElement!;
    expect(within(section).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(section).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('says which of the two is missing when only one is given', async () => {
    applyRuntimeConfig({ ...TEST_CONFIG, supportEmail: 'a@b.c', operator: { name: 'Pat Doe' } });
    const main = await page('/terms', 'Terms of Service');
    expect(
      main.getByText('This site is run by Pat Doe, who has not yet given a postal address.'),
    ).toBeInTheDocument();
  });
});
