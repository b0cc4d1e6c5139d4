/** Statutes a bureau letter may cite in its legal-basis line. */
export type BureauStatuteId =
  | '1681i'
  | '1681e(b)'
  | '1681c'
  | '1681c(a)'
  | '1681c(a)(1)'
  | '1681c(a)(4)'
  | '1681c(a)(5)'
  | '1681c(c)(1)'
  | '1681c-2'
  | '1681s-2(b)'
  | '1681b(f)'
  | '1681e(a)';
/** Statutes of a direct dispute to the furnisher. */
export type FurnisherStatuteId =
  | '1681s-2(a)(8)'
  | '1681s-2(a)(3)'
  | '1681s-2(a)(5)'
  | '1681s-2(a)(6)(B)'
  | '1681g(e)'
  | '12 CFR 1022.43'
  /** Fair Debt Collection Practices Act: a debt collector's letter only. */
  | '1692e(8)'
  | '1692g(b)';
export type StatuteId = BureauStatuteId | FurnisherStatuteId;

export interface Statute {
  readonly id: StatuteId;
  /** As written in the letter, e.g. "§1681e(b)" or "12 CFR 1022.43". */
  readonly citation: string;
  /** A few words saying what the provision is about, where that adds something. */
  readonly about?: string;
}

export const STATUTES: Readonly<Record<StatuteId, Statute>> = {
  '1681i': { id: '1681i', citation: '§1681i', about: 'reinvestigation' },
  '1681e(b)': { id: '1681e(b)', citation: '§1681e(b)', about: 'accuracy' },
  '1681c': { id: '1681c', citation: '§1681c', about: 'reporting periods' },
  '1681c(a)': { id: '1681c(a)', citation: '§1681c(a)', about: 'reporting periods' },
  '1681c(a)(1)': { id: '1681c(a)(1)', citation: '§1681c(a)(1)', about: 'bankruptcies' },
  '1681c(a)(4)': {
    id: '1681c(a)(4)',
    citation: '§1681c(a)(4)',
    about: 'collections and charge-offs',
  },
  '1681c(a)(5)': { id: '1681c(a)(5)', citation: '§1681c(a)(5)', about: 'other negative items' },
  '1681c(c)(1)': { id: '1681c(c)(1)', citation: '§1681c(c)(1)', about: 'when the 7 years start' },
  '1681c-2': { id: '1681c-2', citation: '§1681c-2', about: 'identity theft block' },
  '1681b(f)': { id: '1681b(f)', citation: '§1681b(f)', about: 'permissible purpose' },
  '1681e(a)': { id: '1681e(a)', citation: '§1681e(a)', about: 'certified purpose' },
  '1681s-2(b)': {
    id: '1681s-2(b)',
    citation: '§1681s-2(b)',
    about: 'the creditor’s duty once you tell it of my dispute',
  },
  '1681s-2(a)(8)': { id: '1681s-2(a)(8)', citation: '§1681s-2(a)(8)', about: 'direct disputes' },
  '1681s-2(a)(3)': { id: '1681s-2(a)(3)', citation: '§1681s-2(a)(3)', about: 'disputed items' },
  '1681s-2(a)(5)': {
    id: '1681s-2(a)(5)',
    citation: '§1681s-2(a)(5)',
    about: 'date of first delinquency',
  },
  '1681s-2(a)(6)(B)': {
    id: '1681s-2(a)(6)(B)',
    citation: '§1681s-2(a)(6)(B)',
    about: 'identity theft reports',
  },
  '1681g(e)': { id: '1681g(e)', citation: '§1681g(e)', about: 'records of identity theft' },
  '12 CFR 1022.43': { id: '12 CFR 1022.43', citation: '12 CFR 1022.43' },
  '1692e(8)': { id: '1692e(8)', citation: '§1692e(8)', about: 'disputed debts' },
  '1692g(b)': { id: '1692g(b)', citation: '§1692g(b)', about: 'verification of a debt' },
};

/** Provisions outside the FCRA, each named after its own act on the legal-basis line. */
const FDCPA: readonly StatuteId[] = ['1692e(8)', '1692g(b)'];
const OTHER_LAW: readonly StatuteId[] = ['12 CFR 1022.43', ...FDCPA];

export const LEGAL_BASIS_HEADING = 'Legal basis:';

/** "Legal basis: Fair Credit Reporting Act, 15 U.S.C. §1681i (reinvestigation), §1681e(b) (accuracy)." */
export function legalBasisLine(citations: readonly StatuteId[]): string {
  const named = (id: StatuteId) => {
    const { citation, about } = STATUTES[id];
    return about ? `${citation} (${about})` : citation;
  };
  const act = citations.filter((id) => !OTHER_LAW.includes(id)).map(named);
  const rule = citations.includes('12 CFR 1022.43') ? `; ${named('12 CFR 1022.43')}` : '';
  const debt = citations.filter((id) => FDCPA.includes(id)).map(named);
  const fdcpa =
    debt.length > 0 ? `; Fair Debt Collection Practices Act, 15 U.S.C. ${debt.join(', ')}` : '';
  return `${LEGAL_BASIS_HEADING} Fair Credit Reporting Act, 15 U.S.C. ${act.join(', ')}${rule}${fdcpa}.`;
}
