import { EMPTY_ITEM_DRAFT, type FieldProblem } from '@shared/letters';
import { describe, expect, it } from 'vitest';
import { EMAIL_ADDRESS_INVALID } from '@shared/email-address';
import { CONTACT_ERRORS } from '../messages';
import { problemsUnder, shownProblems } from './field-problems';

const PROBLEMS: FieldProblem[] = [
  { field: 'sender.phone', message: CONTACT_ERRORS.phone },
  { field: 'sender.email', message: EMAIL_ADDRESS_INVALID },
  { field: 'sender.dateOfBirth', message: 'Your date of birth cannot be in the future.' },
];
const fields = (problems: readonly FieldProblem[]) => problems.map((problem) => problem.field);

describe('the problems shown inline', () => {
  it('marks a future date of birth at once, a phone or e-mail only once Next checks step 1', () => {
    const items = [EMPTY_ITEM_DRAFT];
    expect(fields(shownProblems(PROBLEMS, items, new Set()))).toEqual(['sender.dateOfBirth']);
    expect(fields(shownProblems(PROBLEMS, items, new Set([1])))).toEqual(['sender.dateOfBirth']);
    expect(fields(shownProblems(PROBLEMS, items, new Set([0])))).toEqual([
      'sender.phone',
      'sender.email',
      'sender.dateOfBirth',
    ]);
  });

  it('keys the problems under a prefix by their field', () => {
    expect(problemsUnder(PROBLEMS, 'sender.').get('phone')).toBe(CONTACT_ERRORS.phone);
  });
});
