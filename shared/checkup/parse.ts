import * as v from 'valibot';
import { BUREAU_IDS } from '../letters/bureaus';
import { isBlankOrIsoDate, isPlainObject, record, type SameType } from '../stored-record';
import {
  CHECKUP_LIMITS,
  COMPARED_FIELDS,
  NEGATIVE_KINDS,
  PERSONAL_KINDS,
  PUBLIC_RECORD_KINDS,
  SECTION_IDS,
  YES_NO_NOT_SURE,
  type Checkup,
  type ComparedField,
} from './model';

/** Text of at most `max`; absent or null is blank. */
const text = (max: number) => v.nullish(v.pipe(v.string(), v.maxLength(max)), '');

/** A calendar date or blank. */
const date = v.pipe(text(10), v.check(isBlankOrIsoDate));

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** A tick: only `true` is ticked. */
const tick = v.fallback(v.boolean(), false);

/** The most a finding id (`mismatch:<entry id>:balance`...) may be, in the answers as left out. */
const FINDING_ID_MAX = 200;

/** A list of at most `CHECKUP_LIMITS.entries`, counted before its entries are read. */
const list = <T extends v.GenericSchema>(entry: T) =>
  v.pipe(v.array(v.unknown()), v.maxLength(CHECKUP_LIMITS.entries), v.array(entry));

/** Some of `options`, in their order, each once; anything else in the list is dropped. */
const someOf = <const T extends string>(options: readonly T[]) =>
  v.pipe(
    v.array(v.unknown()),
    v.maxLength(CHECKUP_LIMITS.entries),
    v.transform((chosen) => options.filter((option) => chosen.includes(option))),
  );

/** A column per bureau that shows the entry; anything but an object under a bureau is no column. */
const columns = <T extends v.ObjectEntries>(facts: T) => {
  const column = v.optional(v.object(facts));
  return v.pipe(
    v.unknown(),
    v.check(isPlainObject),
    v.transform((reports) =>
      Object.fromEntries(
        Object.entries(reports as Record<string, unknown>).filter(([, each]) =>
          isPlainObject(each),
        ),
      ),
    ),
    v.object({ experian: column, equifax: column, transunion: column }),
  );
};

const PersonalSchema = record({
  id,
  kind: v.picklist(PERSONAL_KINDS),
  value: text(CHECKUP_LIMITS.value),
  shownBy: someOf(BUREAU_IDS),
  neverMine: tick,
});

/** What a checkup kept before answers said was right, by compared field: its answers now. */
const legacyBureau = v.fallback(v.optional(v.picklist(BUREAU_IDS)), undefined);
const RightBureauSchema = v.fallback(
  v.optional(
    record({
      balance: legacyBureau,
      status: legacyBureau,
      dateOpened: legacyBureau,
      dateOfFirstDelinquency: legacyBureau,
      lateMonths: legacyBureau,
    } satisfies Record<ComparedField, unknown>),
  ),
  undefined,
);

const AccountSchema = record({
  id,
  section: v.picklist(['accounts', 'collections']),
  creditor: text(CHECKUP_LIMITS.text),
  accountNumber: text(40),
  originalCreditor: text(CHECKUP_LIMITS.text),
  negative: v.nullish(v.picklist(NEGATIVE_KINDS), ''),
  reports: columns({
    balance: text(CHECKUP_LIMITS.balance),
    status: text(CHECKUP_LIMITS.text),
    dateOpened: date,
    dateOfFirstDelinquency: date,
    lateMonths: text(CHECKUP_LIMITS.lateMonths),
    asOf: date,
  }),
  notMine: tick,
  rightBureau: RightBureauSchema,
});

const PublicRecordSchema = record({
  id,
  kind: v.picklist(PUBLIC_RECORD_KINDS),
  court: text(CHECKUP_LIMITS.value),
  caseNumber: text(40),
  reports: columns({ dateFiled: date }),
  notMine: tick,
});

const InquirySchema = record({
  id,
  creditor: text(CHECKUP_LIMITS.text),
  reports: columns({ date }),
  applied: v.nullish(v.picklist(['yes', 'no', '']), ''),
});

/** Only `true` is kept. */
const ticked = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value): boolean | undefined => value === true || undefined),
  ),
);

const AnswerSchema = record({
  sameDebt: v.optional(v.picklist(YES_NO_NOT_SURE)),
  sold: v.optional(v.picklist(YES_NO_NOT_SURE)),
  planCompleted: v.optional(v.picklist(YES_NO_NOT_SURE)),
  truth: v.optional(v.picklist([...BUREAU_IDS, 'neither', 'not-sure'])),
  value: v.optional(text(CHECKUP_LIMITS.value)),
  // Digits as typed (a wrong entry is marked beside its field, not refused here).
  removeLast4: v.optional(text(20)),
  identityTheft: ticked,
  inReport: ticked,
});

const AnswersSchema = v.optional(
  v.pipe(
    v.unknown(),
    // Anything but an object: no answers yet.
    v.transform((answers) => (isPlainObject(answers) ? answers : {})),
    v.check((answers) => Object.keys(answers).length <= CHECKUP_LIMITS.entries * 10),
    v.record(v.pipe(v.string(), v.maxLength(FINDING_ID_MAX)), AnswerSchema),
  ),
  {},
);

/**
 * A checkup as stored, synced or carried by a backup. A checkup kept before answers says which
 * bureau was right in `rightBureau`: that is the finding's answer unless it has one.
 */
export const CheckupSchema = v.pipe(
  record({
    version: v.literal(1),
    sample: tick,
    bureaus: someOf(BUREAU_IDS),
    skippedSections: someOf(SECTION_IDS),
    dateOfBirth: date,
    identityTheftReportNumber: text(CHECKUP_LIMITS.reportNumber),
    personal: list(PersonalSchema),
    accounts: list(AccountSchema),
    publicRecords: list(PublicRecordSchema),
    inquiries: list(InquirySchema),
    // Finding ids: anything else is dropped.
    excluded: v.nullish(
      v.pipe(
        v.array(v.unknown()),
        v.maxLength(CHECKUP_LIMITS.entries),
        v.transform((excluded) =>
          excluded.filter(
            (each): each is string => typeof each === 'string' && each.length <= FINDING_ID_MAX,
          ),
        ),
      ),
      [],
    ),
    answers: AnswersSchema,
    lastStep: text(20),
    mailedOn: date,
  }),
  v.transform(({ accounts, answers, ...checkup }) => {
    const legacy = accounts.flatMap(({ id, rightBureau }) =>
      COMPARED_FIELDS.flatMap((field): [string, v.InferOutput<typeof AnswerSchema>][] => {
        const truth = rightBureau?.[field];
        return truth ? [[`mismatch:${id}:${field}`, { truth }]] : [];
      }),
    );
    return {
      ...checkup,
      accounts: accounts.map(({ rightBureau: _legacy, ...account }) => account),
      answers: { ...Object.fromEntries(legacy), ...answers },
    };
  }),
);

true satisfies SameType<v.InferOutput<typeof CheckupSchema>, Checkup>;

/**
 * A checkup read from this browser's storage, a sync or a backup; null when it is not one (it is
 * then never used, and nothing else is harmed).
 */
export function parseCheckup(raw: unknown): Checkup | null {
  const parsed = v.safeParse(CheckupSchema, raw, { abortEarly: true });
  return parsed.success ? parsed.output : null;
}
