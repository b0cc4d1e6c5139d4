export const ENCLOSURE_IDS = ['id-copy', 'proof-of-address', 'credit-report-copy'] as const;
export type EnclosureId = (typeof ENCLOSURE_IDS)[number];

/** A bureau needs both to find the consumer's file; the form ticks them from the start. */
export const DEFAULT_BUREAU_ENCLOSURES: readonly EnclosureId[] = ['id-copy', 'proof-of-address'];

export interface Enclosure {
  readonly id: EnclosureId;
  /** The checklist label. */
  readonly label: string;
  /** The line in the letter's enclosures list. */
  readonly line: string;
}

export const ENCLOSURES: Readonly<Record<EnclosureId, Enclosure>> = {
  'id-copy': {
    id: 'id-copy',
    label: 'Copy of my ID',
    line: 'A copy of my government-issued photo ID',
  },
  'proof-of-address': {
    id: 'proof-of-address',
    label: 'Proof of address',
    line: 'Proof of my current address, such as a utility bill or bank statement',
  },
  'credit-report-copy': {
    id: 'credit-report-copy',
    label: 'Copy of my credit report with the items circled',
    line: 'A copy of my credit report with the disputed items circled',
  },
};

export function isEnclosureId(value: string): value is EnclosureId {
  return (ENCLOSURE_IDS as readonly string[]).includes(value);
}
