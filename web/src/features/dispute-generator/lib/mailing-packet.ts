import { letterExhibits, recipientAddressLines, type LetterExhibit } from '@shared/disputes';
import type { LetterForm } from '@shared/letters';
import type { PacketFile } from '@/lib/evidence-packet';
import { readExhibitFile } from '@/lib/exhibit-file';
import type { PreparedLetter } from './prepared-letter';

/** The exhibits the letter lists ("Exhibit 1: June bank statement"), each to attach a file to. */
export function packetExhibits(letter: PreparedLetter): LetterExhibit[] {
  return letterExhibits(letter.text);
}

/** A chosen file checked (PDF, JPEG or PNG, at most 20 MB), or why it cannot go in. */
export async function packetFile(
  file: File,
): Promise<{ ok: true; file: PacketFile } | { ok: false; reason: 'too-large' | 'wrong-type' }> {
  const checked = await readExhibitFile(file);
  return checked.ok
    ? { ok: true, file: { name: file.name, type: checked.type, bytes: checked.bytes } }
    : checked;
}

/**
 * One PDF to print and mail: the letter exactly as downloaded (identity lines and date included),
 * then its exhibit list and each exhibit's files.
 */
/** pdf-lib is its own chunk: fetched when the packet panel opens, so building it needs no request. */
export const loadPacketBuilder = () => import('@/lib/evidence-packet');

export async function buildMailingPacket(
  form: LetterForm,
  letter: PreparedLetter,
  files: ReadonlyMap<number, readonly PacketFile[]>,
): Promise<Uint8Array> {
  const { buildEvidencePacket } = await loadPacketBuilder();
  return buildEvidencePacket({
    letterText: letter.text,
    recipientLines: recipientAddressLines({ kind: 'bureau', bureau: form.bureau }),
    exhibits: packetExhibits(letter).map((exhibit) => ({
      ...exhibit,
      files: files.get(exhibit.number) ?? [],
    })),
  });
}

export function packetFileName(letter: PreparedLetter): string {
  return `mailing-packet-${letter.fileNames.txt.replace(/\.txt$/, '.pdf')}`;
}
