// The letter download with its fallbacks, built on @/lib/save-file (which saves any blob).
import { saveFile } from '@/lib/save-file';

export type TextDownloadOutcome = 'downloaded' | 'opened-in-window' | 'failed';

const SAVE_INSTRUCTIONS =
  'Your letter is below. To save it, right-click this page and choose "Save as…", or select the text and copy it into a document.';

/** Writes the letter into a new window for browsers that refuse the download; false when blocked. */
function openInNewWindow(text: string, title: string): boolean {
  try {
    const opened = window.open('', '_blank');
    if (!opened) return false;
    const doc = opened.document;
    doc.title = title;
    const instructions = doc.createElement('p');
    instructions.textContent = SAVE_INSTRUCTIONS;
    const letter = doc.createElement('pre');
    letter.textContent = text;
    letter.style.whiteSpace = 'pre-wrap';
    letter.style.fontFamily = 'Georgia, "Times New Roman", serif';
    doc.body.append(instructions, letter);
    return true;
  } catch {
    return false;
  }
}

/** The text letter as a UTF-8 text/plain download, falling back to a new window. */
export function downloadTextLetter(text: string, fileName: string): TextDownloadOutcome {
  try {
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
    return 'downloaded';
  } catch {
    return openInNewWindow(text, fileName) ? 'opened-in-window' : 'failed';
  }
}
