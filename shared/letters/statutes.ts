/** Statutes a bureau letter may cite (the product's citations table uses only these). */
export type BureauStatuteId = '1681i' | '1681e(b)' | '1681c' | '1681c(a)(4)' | '1681s-2(b)';
/** Statutes of a direct dispute to the furnisher. */
export type FurnisherStatuteId = '1681s-2(a)(8)' | '12 CFR 1022.43';
export type StatuteId = BureauStatuteId | FurnisherStatuteId;

export interface Statute {
  readonly id: StatuteId;
  readonly citation: string;
  /** What the provision requires, in one sentence for the letter's legal-basis list. */
  readonly requirement: string;
}

export const STATUTES: Readonly<Record<StatuteId, Statute>> = {
  '1681i': {
    id: '1681i',
    citation: '15 U.S.C. §1681i',
    requirement:
      'requires a consumer reporting agency to conduct a free, reasonable reinvestigation of information a consumer disputes, to record its current status or delete it within 30 days of receiving the dispute, and to notify the furnisher of the dispute within 5 business days.',
  },
  '1681e(b)': {
    id: '1681e(b)',
    citation: '15 U.S.C. §1681e(b)',
    requirement:
      'requires a consumer reporting agency to follow reasonable procedures to assure maximum possible accuracy of the information in the reports it prepares.',
  },
  '1681c': {
    id: '1681c',
    citation: '15 U.S.C. §1681c',
    requirement:
      'limits how long adverse information may appear in a consumer report and bars reporting information once its reporting period has passed.',
  },
  '1681c(a)(4)': {
    id: '1681c(a)(4)',
    citation: '15 U.S.C. §1681c(a)(4)',
    requirement:
      'bars reporting accounts placed for collection or charged to profit and loss more than 7 years old; the period begins 180 days after the delinquency that led to the collection or charge-off.',
  },
  '1681s-2(b)': {
    id: '1681s-2(b)',
    citation: '15 U.S.C. §1681s-2(b)',
    requirement:
      'requires the furnisher, after notice of a dispute from a consumer reporting agency, to investigate, review all relevant information the agency provides, report the results to the agency, and modify, delete or block information found inaccurate, incomplete or unverifiable.',
  },
  '1681s-2(a)(8)': {
    id: '1681s-2(a)(8)',
    citation: '15 U.S.C. §1681s-2(a)(8)',
    requirement:
      'requires a furnisher that receives a direct dispute from a consumer to investigate, review all relevant information the consumer provides, report the results to the consumer within the period a consumer reporting agency would have, and, if the information is inaccurate, promptly notify every consumer reporting agency it furnished the information to and provide the correction.',
  },
  '12 CFR 1022.43': {
    id: '12 CFR 1022.43',
    citation: '12 CFR 1022.43',
    requirement:
      'sets out which direct disputes a furnisher must investigate and requires it to conduct a reasonable investigation and report the results to the consumer, generally within 30 days of receiving the dispute.',
  },
};

export const FURNISHER_CITATIONS: readonly FurnisherStatuteId[] = [
  '1681s-2(a)(8)',
  '12 CFR 1022.43',
];
