import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBlobText } from '../testing/read-blob';
import { DisputeGenerator } from './dispute-generator';

// Whole-form interactions on a busy 2-core machine take longer than the 5 s default.
vi.setConfig({ testTimeout: 30_000 });

function renderGenerator() {
  toast.remove();
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <DisputeGenerator />
      <Toaster />
    </>,
  );
  return user;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, { details = true } = {}) {
  await user.selectOptions(screen.getByLabelText('Credit Bureau'), 'equifax');
  await user.selectOptions(screen.getByLabelText('Error Type'), 'incorrect-balance');
  await user.type(screen.getByLabelText('Account Name'), 'Capital One Visa');
  if (details)
    await user.type(screen.getByLabelText('Error Details'), 'Balance is $900, not $9,000.');
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
  // jsdom has no object URLs; each test decides how downloads behave.
  Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('validation', () => {
  it('refuses to generate an incomplete letter', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('refuses to preview without error details', async () => {
    const user = renderGenerator();
    await fillForm(user, { details: false });
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(
      await screen.findByText('Please fill in all required fields before previewing'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('requires every field of an added item', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add another disputed item' }));
    await user.type(screen.getByLabelText('Account Name (item 2)'), 'Midland Credit');
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(
      await screen.findByText('Please fill in all required fields before previewing'),
    ).toBeInTheDocument();
  });
});

describe('preview modal', () => {
  it('is a labelled modal dialog capped near 60% of the viewport, holding focus', async () => {
    const user = renderGenerator();
    await fillForm(user);
    const opener = screen.getByRole('button', { name: 'Preview Letter' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Letter Preview' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const letter = within(dialog).getByLabelText('Letter text');
    expect(letter).toHaveClass('max-h-[60vh]', 'overflow-auto');
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
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('downloads the previewed letter with Download Letter', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(downloads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download Letter' }));
    expect(downloads).toHaveLength(1);
    expect(await readBlobText(downloads[0]!.blob)).toBe(
      screen.getByLabelText('Letter text').textContent,
    );
    expect(await screen.findByText('Letter downloaded successfully!')).toBeInTheDocument();
  });
});

describe('Generate & Download Letter', () => {
  it('builds the letter, opens the preview and downloads a UTF-8 text file', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));

    expect(screen.getByRole('dialog', { name: 'Letter Preview' })).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    const [{ fileName, blob }] = downloads as [Download];
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(fileName).toBe(`dispute-letter-equifax-incorrect-balance-${iso}.txt`);
    expect(blob.type).toBe('text/plain;charset=utf-8');
    const text = await readBlobText(blob);
    expect(text).toContain('Details: Balance is $900, not $9,000.');
    expect(text).toContain('15 U.S.C. §1681e(b)');
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
    await user.click(screen.getByRole('button', { name: 'Generate & Download Letter' }));
    expect(
      await screen.findByText('Download failed. Please try copying the text from the preview.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Letter text').textContent).toContain('Capital One Visa');
  });
});

describe('beyond the basic letter', () => {
  it('keeps your details in this browser only until you forget them', async () => {
    const user = renderGenerator();
    await user.type(screen.getByLabelText('Your Name'), 'Jane Q. Public');
    await user.type(
      screen.getByLabelText('Mailing Address'),
      '12 Elm Street{Enter}Springfield, IL 62701',
    );
    expect(JSON.parse(localStorage.getItem('credit-dispute-letters:your-details')!)).toMatchObject({
      name: 'Jane Q. Public',
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    expect(screen.getByLabelText('Letter text').textContent).toMatch(
      /^Jane Q\. Public\n12 Elm Street\nSpringfield, IL 62701\n\[Your Phone Number\]/,
    );
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    await user.click(screen.getByRole('button', { name: 'Forget my details' }));
    expect(localStorage.getItem('credit-dispute-letters:your-details')).toBeNull();
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(
      await screen.findByText('Your details were removed from this browser'),
    ).toBeInTheDocument();
  });

  it('lists several items, the checked enclosures, and builds a furnisher letter', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add another disputed item' }));
    await user.selectOptions(screen.getByLabelText('Error Type (item 2)'), 'outdated-info');
    await user.type(screen.getByLabelText('Account Name (item 2)'), 'Midland Credit');
    await user.type(screen.getByLabelText('Error Details (item 2)'), 'Charged off in 2015.');
    await user.click(screen.getByLabelText('Copy of my ID'));
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const text = screen.getByLabelText('Letter text').textContent;
    expect(text).toContain('Disputed items:\n1. Account name: Capital One Visa');
    expect(text).toContain('2. Account name: Midland Credit');
    expect(text).toContain('Enclosures:\n- A copy of my government-issued photo ID');
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    await user.selectOptions(screen.getByLabelText('Disputed item'), '1');
    await user.click(screen.getByRole('button', { name: 'Preview Furnisher Letter' }));
    const furnisher = screen.getByRole('dialog', { name: 'Furnisher Letter Preview' });
    const furnisherText = within(furnisher).getByLabelText('Letter text').textContent;
    expect(furnisherText).toContain("Midland Credit\n[Creditor's Dispute Address]");
    expect(furnisherText).toContain('15 U.S.C. §1681s-2(a)(8)');
    expect(furnisherText).not.toContain('1681s-2(b)');
  });

  it('marks a letter as mailed and shows when the response is due', async () => {
    const user = renderGenerator();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Preview Letter' }));
    const mailedOn = screen.getByLabelText('Mailed on');
    await user.clear(mailedOn);
    await user.type(mailedOn, '2026-11-02');
    await user.click(screen.getByLabelText('This dispute follows my free annual credit report'));
    await user.click(screen.getByRole('button', { name: 'Mark as mailed' }));
    await user.click(screen.getByRole('button', { name: 'Close Preview' }));

    const sent = screen.getByRole('region', { name: 'Sent letters' });
    expect(within(sent).getByText(/Equifax — Capital One Visa/)).toBeInTheDocument();
    // Received about Nov 7 (estimate), 45 days after a free annual report.
    expect(within(sent).getByText(/Response due December 22, 2026/)).toBeInTheDocument();
    await user.type(within(sent).getByLabelText(/Received on/), '2026-11-05');
    expect(within(sent).getByText(/Response due December 20, 2026/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('credit-dispute-letters:sent-letters')!)).toEqual([
      expect.objectContaining({ mailedOn: '2026-11-02', receivedOn: '2026-11-05' }),
    ]);
  });

  it('prints only the letter through the print stylesheet', async () => {
    const user = renderGenerator();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      expect(document.querySelector('body > pre.dispute-letter-print')?.textContent).toContain(
        'Capital One Visa',
      );
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Print / Save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.dispute-letter-print')).toBeNull();
  });

  it('exports Word and Google Docs files from the export-options panel', async () => {
    const user = renderGenerator();
    const downloads = captureDownloads();
    await fillForm(user);
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
