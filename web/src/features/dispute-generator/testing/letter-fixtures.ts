import { EMPTY_ITEM_DRAFT, type ItemDraft, type SenderDetails } from '@shared/letters';
import { EMPTY_DRAFT, type GeneratorDraft } from '../lib/generator-draft';
import { bureauLetter } from '../lib/letter-assembly';

/** The user's details as step 1 takes them: a name and an address, nothing else. */
export const SENDER: SenderDetails = {
  name: 'Jane Q. Public',
  address: '12 Elm Street\nSpringfield, IL 62701',
  phone: '',
  email: '',
  previousAddress: '',
  dateOfBirth: '',
  ssnLast4: '',
  reportNumber: '',
};

/** A balance dispute with every fact its letter needs. */
export const BALANCE_ITEM: ItemDraft = {
  ...EMPTY_ITEM_DRAFT,
  errorType: 'incorrect-balance',
  accountName: 'Capital One Visa',
  accountNumber: '4321',
  correctBalance: '$900',
  details: 'The balance is $900, not $9,000. I paid the rest in March.',
};

/** A draft for Equifax that makes a letter. */
export const BALANCE_DRAFT: GeneratorDraft = {
  ...EMPTY_DRAFT,
  bureau: 'equifax',
  items: [BALANCE_ITEM],
};

/** The letter to Experian of a balance dispute, built on November 26, 2026. */
export const BALANCE_LETTER = bureauLetter(
  {
    bureau: 'experian',
    errorType: 'incorrect-balance',
    accountName: 'Capital One Visa',
    details: 'The balance is $900, not $9,000.',
    correctBalance: '$900',
    additionalItems: [],
  },
  new Date(2026, 10, 26),
);
