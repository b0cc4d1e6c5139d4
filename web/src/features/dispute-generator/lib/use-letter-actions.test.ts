import { EMPTY_ITEM_DRAFT, type BureauChoice, type SenderDetails } from '@shared/letters';
import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LETTER_MESSAGES } from '../messages';
import { BALANCE_ITEM, SENDER } from '../testing/letter-fixtures';
import { EMPTY_DRAFT, type GeneratorDraft } from './generator-draft';
import { checkLetter } from './letter-check';
import { downloadBureauLetters, downloadLetter, exportLetterAs } from './letter-output';
import { useLetterActions } from './use-letter-actions';

vi.mock('./letter-output', () => ({
  downloadLetter: vi.fn(),
  exportLetterAs: vi.fn(async () => undefined),
  downloadBureauLetters: vi.fn(async () => undefined),
}));

const sender: SenderDetails = { ...SENDER, reportNumber: 'EQ-1' };

const draft: GeneratorDraft = {
  ...EMPTY_DRAFT,
  bureau: 'equifax',
  items: [
    BALANCE_ITEM,
    {
      ...EMPTY_ITEM_DRAFT,
      errorType: 'unauthorized-inquiry',
      accountName: 'Acme Auto Finance',
      inquiryDate: '2026-01-05',
      details: 'I never applied for credit with Acme.',
    },
  ],
};

function setup(from: GeneratorDraft, details = sender, copies: BureauChoice = {}) {
  const showAllMissing = vi.fn();
  const check = checkLetter(from, details, copies, '2026-11-26');
  const { result } = renderHook(() =>
    useLetterActions({ check, copies, reportNumber: details.reportNumber, showAllMissing }),
  );
  return { result, showAllMissing };
}

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('the Review step’s letter actions', () => {
  it('build nothing from an incomplete form: a toast, and every missing field marked', () => {
    const error = vi.spyOn(toast, 'error');
    const { result, showAllMissing } = setup(EMPTY_DRAFT);
    act(() => result.current.generate());
    expect(error).toHaveBeenCalledWith(LETTER_MESSAGES.missingFields);
    act(() => result.current.openPreview());
    expect(error).toHaveBeenLastCalledWith(LETTER_MESSAGES.missingFieldsBeforePreview);
    act(() => result.current.openPacket());
    expect(showAllMissing).toHaveBeenCalledTimes(3);
    expect(result.current.preview).toBeNull();
    expect(result.current.packetLetter).toBeNull();
    expect(downloadLetter).not.toHaveBeenCalled();
  });

  it('Generate downloads the letter and shows it; with further bureaus, one .zip', () => {
    const one = setup(draft);
    act(() => one.result.current.generate());
    expect(one.result.current.preview?.letter.recipient).toBe('Equifax');
    expect(downloadLetter).toHaveBeenCalledWith(one.result.current.preview?.letter);

    const copies = { experian: { reportNumber: 'EX-2' } };
    const several = setup(draft, sender, copies);
    act(() => several.result.current.generate());
    expect(downloadBureauLetters).toHaveBeenCalledWith(
      expect.objectContaining({ bureau: 'equifax' }),
      'EQ-1',
      copies,
    );
    expect(downloadLetter).toHaveBeenCalledTimes(1);
  });

  it('the export panel runs at once, or through the preview while placeholders remain', () => {
    const complete = setup(draft);
    act(() => complete.result.current.withCurrentLetter({ kind: 'export', format: 'docx' }));
    expect(exportLetterAs).toHaveBeenCalledWith(expect.anything(), 'docx');
    expect(complete.result.current.preview).toBeNull();

    const unnamed = setup(draft, { ...sender, name: '' });
    act(() => unnamed.result.current.withCurrentLetter({ kind: 'print' }));
    expect(unnamed.result.current.preview?.pendingAction).toEqual({ kind: 'print' });
    expect(unnamed.result.current.preview?.letter.placeholders.length).toBeGreaterThan(0);
    act(() => unnamed.result.current.withCurrentLetter('download'));
    expect(downloadLetter).toHaveBeenCalledTimes(1);
  });

  it('previews a creditor letter only for an item a creditor letter applies to', () => {
    const { result } = setup(draft);
    act(() => result.current.openFurnisherPreview(1, 'Acme', '1 Main St'));
    expect(result.current.preview).toBeNull();
    act(() => result.current.openFurnisherPreview(0, 'Capital One', 'PO Box 30285'));
    expect(result.current.preview?.letter).toMatchObject({
      kind: 'furnisher',
      recipient: 'Capital One',
    });
    act(() => result.current.closePreview());
    expect(result.current.preview).toBeNull();
  });

  it('opens the mailing packet with the downloaded letter’s text, until reset', () => {
    const { result } = setup(draft);
    act(() => result.current.openPacket());
    act(() => result.current.generate());
    expect(result.current.packetLetter?.text).toBe(result.current.preview?.letter.text);
    act(() => result.current.reset());
    expect(result.current.packetLetter).toBeNull();
    expect(result.current.preview).toBeNull();
  });
});
