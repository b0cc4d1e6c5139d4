/** The choices the form offers for the facts of Duplicate Account and Incorrect Personal Information. */

export const PERSONAL_INFO_KIND_IDS = [
  'name',
  'address',
  'employer',
  'date-of-birth',
  'ssn',
] as const;
export type PersonalInfoKindId = (typeof PERSONAL_INFO_KIND_IDS)[number];

export interface PersonalInfoKind {
  readonly id: PersonalInfoKindId;
  /** The option in the form's select, and the item's name in the letter. */
  readonly label: string;
  /** As the letter names it in a sentence: "this address", "my date of birth". */
  readonly noun: string;
}

export const PERSONAL_INFO_KINDS: Readonly<Record<PersonalInfoKindId, PersonalInfoKind>> = {
  name: { id: 'name', label: 'Name', noun: 'name' },
  address: { id: 'address', label: 'Address', noun: 'address' },
  employer: { id: 'employer', label: 'Employer', noun: 'employer' },
  'date-of-birth': { id: 'date-of-birth', label: 'Date of birth', noun: 'date of birth' },
  ssn: { id: 'ssn', label: 'SSN (last 4 digits)', noun: 'Social Security number' },
};

export function isPersonalInfoKindId(value: string): value is PersonalInfoKindId {
  return (PERSONAL_INFO_KIND_IDS as readonly string[]).includes(value);
}

export const DUPLICATE_REMOVE_IDS = ['higher-balance', 'later-opened'] as const;
export type DuplicateRemoveId = (typeof DUPLICATE_REMOVE_IDS)[number];

/** The form's options, and the letter's words after "the entry". */
export const DUPLICATE_REMOVE: Readonly<
  Record<DuplicateRemoveId, { label: string; entry: string }>
> = {
  'higher-balance': {
    label: 'The entry with the higher balance',
    entry: 'with the higher balance',
  },
  'later-opened': { label: 'The entry opened later', entry: 'opened later' },
};

export function isDuplicateRemoveId(value: string): value is DuplicateRemoveId {
  return (DUPLICATE_REMOVE_IDS as readonly string[]).includes(value);
}
