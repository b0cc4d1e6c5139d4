import { ENCLOSURES_HEADING } from '../letters/build-letter';
import type { Dispute, ExhibitInfo } from './model';

/** One of a letter's numbered exhibits, as its enclosures list describes it. */
export interface LetterExhibit {
  number: number;
  description: string;
}

const EXHIBIT_LINE = /^(?:- )?Exhibit (\d+): (.+)$/;

/** The exhibits a letter lists ("Exhibit 1: Bank statement dated March 2024"), in number order, once each. */
export function letterExhibits(letterText: string): LetterExhibit[] {
  const found = new Map<number, string>();
  for (const line of letterText.split(/\r?\n/)) {
    const match = EXHIBIT_LINE.exec(line.trim());
    if (match && !found.has(Number(match[1]))) found.set(Number(match[1]), match[2]!.trim());
  }
  return [...found]
    .map(([number, description]) => ({ number, description }))
    .sort((a, b) => a.number - b.number);
}

/** Whether a letter enclosed anything: an enclosures list, numbered exhibits or attached files. */
export function enclosedDocuments(dispute: Pick<Dispute, 'letterText' | 'exhibits'>): boolean {
  return (
    dispute.exhibits.length > 0 ||
    letterExhibits(dispute.letterText).length > 0 ||
    dispute.letterText.split(/\r?\n/).some((line) => line.trim() === ENCLOSURES_HEADING)
  );
}

/** Each of the letter's exhibits with the files attached to it (none when still to attach). */
export interface ExhibitSlot extends LetterExhibit {
  files: ExhibitInfo[];
}

/**
 * The letter's exhibits with their files, and the files attached to an exhibit the letter does
 * not list (kept from before files were attached to the letter's exhibits): those are left out
 * of the packet until removed or the letter lists them.
 */
export function exhibitSlots(dispute: Pick<Dispute, 'letterText' | 'exhibits'>): {
  slots: ExhibitSlot[];
  unlisted: ExhibitInfo[];
} {
  const slots = letterExhibits(dispute.letterText).map((exhibit) => ({
    ...exhibit,
    files: dispute.exhibits.filter((file) => file.exhibit === exhibit.number),
  }));
  const listed = new Set(slots.map((slot) => slot.number));
  return { slots, unlisted: dispute.exhibits.filter((file) => !listed.has(file.exhibit)) };
}
