import { describe, expect, it } from 'vitest';
import { checkMailingDates } from './mailing-dates';

const today = '2026-12-20';

describe('checkMailingDates', () => {
  it('accepts mailed ≤ delivered ≤ response ≤ today, and blanks', () => {
    expect(
      checkMailingDates(
        { mailedOn: '2026-11-02', deliveredOn: '2026-11-02', responseOn: today },
        today,
      ),
    ).toEqual({});
    expect(checkMailingDates({ mailedOn: '2026-11-02' }, today)).toEqual({});
  });

  it('checks the later dates again when Mailed On moves after them', () => {
    const dates = { mailedOn: '2026-11-10', deliveredOn: '2026-11-06', responseOn: '2026-11-08' };
    expect(checkMailingDates(dates, today, ['mailedOn'])).toEqual({
      mailedOn: 'Mailed On cannot be after Delivered On (November 6, 2026).',
    });
    expect(checkMailingDates(dates, today)).toEqual({
      deliveredOn: 'Delivered On cannot be before Mailed On (November 10, 2026).',
      responseOn: 'Response Received On cannot be before Mailed On (November 10, 2026).',
    });
  });

  it('refuses a response before delivery and any date after today', () => {
    expect(
      checkMailingDates(
        { mailedOn: '2026-11-02', deliveredOn: '2026-11-06', responseOn: '2026-11-05' },
        today,
        ['responseOn'],
      ),
    ).toEqual({
      responseOn: 'Response Received On cannot be before Delivered On (November 6, 2026).',
    });
    expect(checkMailingDates({ mailedOn: '2026-12-21' }, today)).toEqual({
      mailedOn: 'Mailed On cannot be after today.',
    });
  });
});
