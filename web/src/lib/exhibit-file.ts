import { EXHIBIT_TYPES, LIMITS, type ExhibitType } from '@shared/disputes';

export type ExhibitCheck =
  | { ok: true; type: ExhibitType; bytes: ArrayBuffer }
  | { ok: false; reason: 'too-large' | 'wrong-type' };

/** What the file's first bytes say it is (its name and the browser's guess can be wrong). */
function sniff(head: Uint8Array): ExhibitType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, at) => head[at] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf'; // %PDF
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

/** Accepts a PDF, JPEG or PNG of at most 20 MB, read into memory (never uploaded). */
export async function readExhibitFile(file: File): Promise<ExhibitCheck> {
  if (file.size > LIMITS.exhibitBytes) return { ok: false, reason: 'too-large' };
  const bytes = await file.arrayBuffer();
  const type = sniff(new Uint8Array(bytes, 0, Math.min(8, bytes.byteLength)));
  if (!type || !(EXHIBIT_TYPES as readonly string[]).includes(type))
    return { ok: false, reason: 'wrong-type' };
  return { ok: true, type, bytes };
}
