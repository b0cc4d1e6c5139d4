export const BUREAU_IDS = ['experian', 'equifax', 'transunion'] as const;
export type BureauId = (typeof BUREAU_IDS)[number];

export interface Bureau {
  readonly id: BureauId;
  readonly name: string;
  /** The dispute mailing address exactly as the product states it. */
  readonly mailingAddress: string;
  /** The lines of the letter's inside address. */
  readonly addressLines: readonly string[];
}

export const BUREAUS: Readonly<Record<BureauId, Bureau>> = {
  experian: {
    id: 'experian',
    name: 'Experian',
    mailingAddress: 'P.O. Box 4500, Allen, TX 75013',
    addressLines: ['Experian', 'P.O. Box 4500', 'Allen, TX 75013'],
  },
  equifax: {
    id: 'equifax',
    name: 'Equifax',
    mailingAddress: 'Equifax Information Services LLC, P.O. Box 740256, Atlanta, GA 30374',
    addressLines: ['Equifax Information Services LLC', 'P.O. Box 740256', 'Atlanta, GA 30374'],
  },
  transunion: {
    id: 'transunion',
    name: 'TransUnion',
    mailingAddress: 'TransUnion LLC, Consumer Dispute Center, P.O. Box 2000, Chester, PA 19016',
    addressLines: [
      'TransUnion LLC',
      'Consumer Dispute Center',
      'P.O. Box 2000',
      'Chester, PA 19016',
    ],
  },
};

export function isBureauId(value: string): value is BureauId {
  return (BUREAU_IDS as readonly string[]).includes(value);
}
