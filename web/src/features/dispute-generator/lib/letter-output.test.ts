import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_LETTER } from '../testing/letter-fixtures';
import { GENERATOR_MESSAGES, LETTER_MESSAGES } from '../messages';
import { exportLetter } from './export-letter';
import { downloadLetter, exportLetterAs, LETTER_TOAST } from './letter-output';
import { downloadTextLetter } from './save-file';

vi.mock('./save-file', () => ({ downloadTextLetter: vi.fn() }));
vi.mock('./export-letter', () => ({ exportLetter: vi.fn() }));

const letter = BALANCE_LETTER;

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('a letter leaving the page', () => {
  it('downloads as text with its mailing advice; the toast says how it went', () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    vi.mocked(downloadTextLetter).mockReturnValueOnce('downloaded');
    downloadLetter(letter);
    expect(downloadTextLetter).toHaveBeenCalledWith(
      expect.stringContaining(letter.advice),
      letter.fileNames.txt,
    );
    expect(success).toHaveBeenCalledWith(LETTER_MESSAGES.downloaded, LETTER_TOAST);
    vi.mocked(downloadTextLetter).mockReturnValueOnce('failed');
    downloadLetter(letter);
    expect(error).toHaveBeenCalledWith(LETTER_MESSAGES.downloadFailed, LETTER_TOAST);
  });

  it('exports, or says the export failed', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    await exportLetterAs(letter, 'docx');
    expect(exportLetter).toHaveBeenCalledWith('docx', letter);
    expect(success).toHaveBeenCalledWith(GENERATOR_MESSAGES.docx, LETTER_TOAST);
    vi.mocked(exportLetter).mockRejectedValueOnce(new Error('no chunk'));
    await exportLetterAs(letter, 'html');
    expect(error).toHaveBeenCalledWith(GENERATOR_MESSAGES.failed, LETTER_TOAST);
  });
});
