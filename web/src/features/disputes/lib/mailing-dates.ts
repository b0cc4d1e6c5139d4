import { formatIsoLong, type IsoDate } from '@shared/letters';

export const DATE_FIELDS = ['mailedOn', 'deliveredOn', 'responseOn'] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export type MailingDates = Partial<Record<DateField, IsoDate | undefined>>;

export const DATE_LABELS: Readonly<Record<DateField, string>> = {
  mailedOn: 'Mailed On',
  deliveredOn: 'Delivered On',
  responseOn: 'Response Received On',
};

/**
 * What is wrong with the dates, by field: they must run mailed ≤ delivered ≤ response ≤ today.
 * A pair out of order is reported on the field just changed (`changed`), else on the later one.
 */
export function checkMailingDates(
  dates: MailingDates,
  today: IsoDate,
  changed: readonly DateField[] = [],
): Partial<Record<DateField, string>> {
  const errors: Partial<Record<DateField, string>> = {};
  for (const field of DATE_FIELDS) {
    const value = dates[field];
    if (value && value > today) errors[field] = `${DATE_LABELS[field]} cannot be after today.`;
  }
  DATE_FIELDS.forEach((earlier, at) => {
    for (const later of DATE_FIELDS.slice(at + 1)) {
      const [a, b] = [dates[earlier], dates[later]];
      if (!a || !b || a <= b) continue;
      const blamed = changed.includes(earlier) && !changed.includes(later) ? earlier : later;
      errors[blamed] ??=
        blamed === later
          ? `${DATE_LABELS[later]} cannot be before ${DATE_LABELS[earlier]} (${formatIsoLong(a)}).`
          : `${DATE_LABELS[earlier]} cannot be after ${DATE_LABELS[later]} (${formatIsoLong(b)}).`;
    }
  });
  return errors;
}
