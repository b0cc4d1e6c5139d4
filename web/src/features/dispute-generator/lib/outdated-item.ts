import {
  formatIsoLong,
  isIsoDate,
  isItemTypeId,
  isObsolete,
  outdatedPeriod,
  type IsoDate,
  type ItemDraft,
} from '@shared/letters';

/**
 * What the form says about an Outdated Information item once its type and date are given and its
 * period has ended: when that was, and that the letter asks for deletion. A missing type or date,
 * or a period not yet over, is marked on its own field instead.
 */
export function outdatedNote(
  item: ItemDraft,
  today: IsoDate,
): { text: string; warn: boolean } | null {
  if (!isItemTypeId(item.itemType)) return null;
  const period = outdatedPeriod({
    errorType: 'outdated-info',
    accountName: '',
    details: '',
    itemType: item.itemType,
    dateOfFirstDelinquency: isIsoDate(item.dateOfFirstDelinquency)
      ? item.dateOfFirstDelinquency
      : undefined,
    dateFiled: isIsoDate(item.dateFiled) ? item.dateFiled : undefined,
    planCompleted: item.planCompleted,
  });
  if (!period) return null;
  const until = formatIsoLong(period.reportableUntil);
  const limit = period.byBureauPolicy
    ? `By the bureaus’ policy it comes off after ${until} (the law allows 10 years).`
    : `It may be reported until ${until} (${period.rule}).`;
  return isObsolete(period, today)
    ? { text: `${limit} That date has passed: the letter asks for it to be deleted.`, warn: false }
    : null;
}

/** The item's period has not ended (its date is marked so): the disputes that can work instead. */
export function notYetObsolete(problems: ReadonlyMap<string, string>): boolean {
  return [problems.get('dateOfFirstDelinquency'), problems.get('dateFiled')].some((message) =>
    message?.startsWith('This item may be reported until'),
  );
}

/** The outdated item as an Incorrect Dates dispute of the date it gave. */
export function asWrongDate(item: ItemDraft): ItemDraft {
  return {
    ...item,
    errorType: 'incorrect-dates',
    whichDate:
      item.itemType === 'chapter-7' || item.itemType === 'chapter-13'
        ? 'Date filed'
        : 'Date of first delinquency',
    reportedDate: item.dateFiled || item.dateOfFirstDelinquency,
  };
}

/** The outdated item as an Incorrect Account Status dispute. */
export function asWrongStatus(item: ItemDraft): ItemDraft {
  return { ...item, errorType: 'incorrect-status' };
}
