import { ERROR_TYPE_IDS, ERROR_TYPES, type ErrorTypeId } from '@shared/letters';

/** Plain situations and the error type (by its label) that disputes each. */
const SITUATIONS: readonly { situation: string; type: string }[] = [
  { situation: 'A collection I don’t recognise', type: 'Account Not Mine' },
  { situation: 'An account I never opened', type: 'Account Not Mine' },
  { situation: 'A late payment I paid on time', type: 'Incorrect Payment History' },
  { situation: 'A balance higher than I owe', type: 'Incorrect Balance' },
  {
    situation: 'A paid or closed account shown as unpaid or charged off',
    type: 'Incorrect Account Status',
  },
  { situation: 'The same debt listed twice', type: 'Duplicate Account' },
  { situation: 'A wrong date opened, closed or last paid', type: 'Incorrect Dates' },
  { situation: 'An old debt that should have come off (7 years)', type: 'Outdated Information' },
  { situation: 'An address I never lived at', type: 'Incorrect Personal Information' },
  { situation: 'A hard inquiry I never applied for', type: 'Unauthorized Inquiry' },
];

export interface Situation {
  situation: string;
  type: ErrorTypeId;
  label: string;
}

/** The situations whose error type the generator offers, each with that type. */
export function situations(): Situation[] {
  return SITUATIONS.flatMap(({ situation, type }) => {
    const id = ERROR_TYPE_IDS.find((each) => ERROR_TYPES[each].label === type);
    return id ? [{ situation, type: id, label: type }] : [];
  });
}
