import * as v from 'valibot';
import { BUREAU_IDS } from '../letters/bureaus';
import { ERROR_TYPE_IDS } from '../letters/error-types';
import { DUPLICATE_REMOVE_IDS, PERSONAL_INFO_KIND_IDS } from '../letters/item-facts';
import { ITEM_TYPE_IDS } from '../letters/reporting-period';
import { fieldMessage, isBlankOrIsoDate, record, type SameType } from '../stored-record';
import {
  EXHIBIT_TYPES,
  ITEM_OUTCOMES,
  LETTER_KINDS,
  LIMITS,
  type Dispute,
  type StoredFacts,
} from './model';

/**
 * A dispute as stored, synced or imported. Each schema's message is what a backup's "damaged"
 * message names; fields older records lack get their defaults.
 */

export const ID_MAX = 100;
/** The most one kept fact may hold (the generator's fact fields take 120). */
const FACT_MAX = 300;

/** Text of at most `max`; refused as `what` otherwise. */
const text = (max: number, what: string) => v.pipe(v.string(what), v.maxLength(max, what));

/** A field that must hold text. */
const requiredText = (max: number, what: string) =>
  v.pipe(v.string(what), v.minLength(1, what), v.maxLength(max, what));

/** A field an older record may lack: absent, null or blank is blank. */
const blankText = (max: number, what: string) => v.nullish(text(max, what), '');

/** Absent or blank is undefined. */
const blankIsNone = <T extends string | null | undefined>(schema: v.GenericSchema<unknown, T>) =>
  v.optional(
    v.pipe(
      schema,
      v.transform((value) => (value || undefined) as Exclude<T, '' | null | undefined> | undefined),
    ),
  );

/** Absent, null or blank is undefined. */
const emptyIsNone = <T extends string>(schema: v.GenericSchema<T>) =>
  blankIsNone(v.nullish(schema));

const optionalText = (max: number, what: string) => emptyIsNone(text(max, what));
const optionalDate = (what: string) =>
  emptyIsNone(v.pipe(v.string(what), v.check(isBlankOrIsoDate, what)));

/** A tick: only `true` is ticked. */
const tick = v.fallback(v.boolean(), false);

const BUREAU_FIELDS = { kind: v.literal('bureau'), bureau: v.picklist(BUREAU_IDS, 'recipient') };
const FURNISHER_FIELDS = {
  kind: v.literal('furnisher'),
  name: requiredText(LIMITS.accountName, 'creditor name'),
  address: blankText(LIMITS.creditorAddress, 'creditor address'),
};

const RecipientSchema = v.variant(
  'kind',
  [
    v.object(BUREAU_FIELDS, fieldMessage(BUREAU_FIELDS, 'recipient')),
    v.object(FURNISHER_FIELDS, fieldMessage(FURNISHER_FIELDS, 'recipient')),
  ],
  'recipient',
);

const FACTS = 'item facts';
const factText = v.optional(text(FACT_MAX, FACTS));
const factTick = v.optional(v.boolean(FACTS));
/** A choice or a date of the generator's form: one it offers (blank is none). */
const factChoice = <const T extends string>(options: readonly T[]) =>
  blankIsNone(v.picklist(['', ...options], FACTS));
const factDate = blankIsNone(v.pipe(v.string(FACTS), v.check(isBlankOrIsoDate, FACTS)));

/** An item's kept facts: the generator's fact fields only (never a report number), others dropped. */
const FactsSchema = record(
  {
    reportedBalance: factText,
    correctBalance: factText,
    duplicateOf: factText,
    duplicateRemove: factChoice(DUPLICATE_REMOVE_IDS),
    duplicateRemoveLast4: factText,
    soldDebt: factTick,
    personalInfoKind: factChoice(PERSONAL_INFO_KIND_IDS),
    reportedInfo: factText,
    correctInfo: factText,
    personalInfoNotMine: factTick,
    inquiryDate: factDate,
    identityTheft: factTick,
    hasIdentityTheftReport: factTick,
    itemType: factChoice(ITEM_TYPE_IDS),
    dateOfFirstDelinquency: factDate,
    dateFiled: factDate,
    planCompleted: factTick,
    reportedStatus: factText,
    correctStatus: factText,
    whichDate: factText,
    reportedDate: factDate,
    correctDate: factDate,
    monthsReportedLate: factText,
    accountNumberNotShown: factTick,
  },
  FACTS,
);

const ItemSchema = record(
  {
    outcome: v.optional(v.picklist(ITEM_OUTCOMES, 'item outcome')),
    id: requiredText(ID_MAX, 'item id'),
    accountName: requiredText(LIMITS.accountName, 'account name'),
    accountNumber: optionalText(LIMITS.accountNumber, 'account number'),
    details: blankText(LIMITS.details, 'details'),
    // Absent on records made before the type and facts were kept.
    errorType: v.optional(v.picklist(ERROR_TYPE_IDS, 'item error type')),
    facts: v.optional(FactsSchema),
    statedReason: optionalText(LIMITS.statedReason, 'stated reason'),
    // Only a tick is kept.
    noReasonGiven: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((value): boolean | undefined => value === true || undefined),
      ),
    ),
    reappearedOn: optionalDate('date back on the report'),
  },
  'item',
);

const SenderSchema = record(
  {
    name: blankText(500, 'sender'),
    address: blankText(500, 'sender'),
    phone: blankText(500, 'sender'),
    email: blankText(500, 'sender'),
  },
  'sender',
);

const ExhibitSchema = record(
  {
    // Files kept before they were attached to the letter's exhibits have none (see below).
    exhibit: v.nullish(
      v.pipe(
        v.number('exhibit number'),
        v.integer('exhibit number'),
        v.minValue(1, 'exhibit number'),
        v.maxValue(999, 'exhibit number'),
      ),
    ),
    type: v.picklist(EXHIBIT_TYPES, 'exhibit type'),
    size: v.pipe(
      v.number('exhibit size'),
      v.minValue(0, 'exhibit size'),
      v.maxValue(LIMITS.exhibitBytes, 'exhibit size'),
    ),
    id: requiredText(ID_MAX, 'exhibit id'),
    name: requiredText(LIMITS.exhibitName, 'exhibit name'),
  },
  'exhibit',
);

export const DisputeSchema = record(
  {
    letterKind: v.picklist(LETTER_KINDS, 'letter kind'),
    round: v.pipe(v.number('round'), v.integer('round'), v.minValue(1, 'round')),
    createdAt: v.pipe(
      v.string('created date'),
      v.check((value) => !Number.isNaN(Date.parse(value)), 'created date'),
    ),
    id: requiredText(ID_MAX, 'id'),
    parentId: optionalText(ID_MAX, 'parent'),
    recipient: RecipientSchema,
    items: v.pipe(v.array(ItemSchema, 'items'), v.minLength(1, 'items')),
    letterText: blankText(100_000, 'letter'),
    sender: v.optional(SenderSchema),
    mailedOn: optionalDate('mailing date'),
    trackingNumber: optionalText(LIMITS.trackingNumber, 'tracking number'),
    deliveredOn: optionalDate('delivery date'),
    responseOn: optionalDate('response date'),
    followsFreeAnnualReport: tick,
    sentMoreInformation: tick,
    resolvedOn: optionalDate('resolved date'),
    exhibits: v.pipe(
      v.array(ExhibitSchema, 'exhibits'),
      v.maxLength(LIMITS.exhibitsPerDispute, 'exhibits'),
      // Files kept before exhibits were numbered are numbered by the letter in attach order.
      v.transform((exhibits) =>
        exhibits.map(({ exhibit, ...info }, index) => ({ ...info, exhibit: exhibit ?? index + 1 })),
      ),
    ),
  },
  'dispute',
);

true satisfies SameType<v.InferOutput<typeof DisputeSchema>, Dispute>;
true satisfies SameType<v.InferOutput<typeof FactsSchema>, StoredFacts>;

/** Stops at the first thing wrong: its message is all a backup's "damaged" message names. */
export const FIRST_ISSUE = { abortEarly: true } as const;

/** A dispute read from storage, a sync or a file, or null when it is not one. */
export function parseDispute(raw: unknown): Dispute | null {
  const parsed = v.safeParse(DisputeSchema, raw, FIRST_ISSUE);
  return parsed.success ? parsed.output : null;
}
