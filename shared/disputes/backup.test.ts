import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_MESSAGES, parseBackup } from './backup';
import { parseDispute } from './dispute-schema';
import { answerSample, sampleCheckup } from '../checkup/samples';
import { LIMITS } from './model';
import { sampleDispute } from './testing/sample-dispute';

const USER = 'user-1';
const exhibit = {
  id: 'x1',
  exhibit: 2,
  name: 'statement.png',
  type: 'image/png',
  size: 3,
} as const;

function backupText(overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    format: BACKUP_FORMAT,
    version: 1,
    userId: USER,
    exportedAt: '2026-12-20T10:00:00.000Z',
    disputes: [
      sampleDispute({ exhibits: [exhibit] }),
      sampleDispute({ id: 'd2', parentId: 'd1', round: 2, letterKind: 'method-of-verification' }),
    ],
    exhibits: [{ id: 'x1', base64: 'AQID' }],
    ...overrides,
  });
}

describe('parseBackup', () => {
  it('reads back a backup of this account', () => {
    const result = parseBackup(backupText(), USER);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.backup.disputes).toHaveLength(2);
    expect(result.backup.disputes[0]).toEqual(sampleDispute({ exhibits: [exhibit] }));
    expect(result.backup.exhibits).toEqual([{ id: 'x1', base64: 'AQID' }]);
  });

  it('refuses what is not a backup, with a clear message', () => {
    expect(parseBackup('%PDF-1.7', USER)).toEqual({ ok: false, message: BACKUP_MESSAGES.notJson });
    expect(parseBackup('{"hello":"world"}', USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.notBackup,
    });
    expect(parseBackup('[]', USER)).toEqual({ ok: false, message: BACKUP_MESSAGES.notBackup });
    expect(parseBackup(backupText({ version: 2 }), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.newerVersion,
    });
  });

  it("refuses another account's backup", () => {
    expect(parseBackup(backupText(), 'user-2')).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.otherAccount,
    });
  });

  it('refuses a damaged backup and says what is wrong', () => {
    const badDate = sampleDispute({ mailedOn: '2026-02-30' });
    expect(parseBackup(backupText({ disputes: [badDate], exhibits: [] }), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('dispute 1: mailing date'),
    });
    expect(parseBackup(backupText({ exhibits: [] }), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('the file of statement.png is missing'),
    });
    expect(parseBackup(backupText({ exhibits: [{ id: 'x1', base64: '<script>' }] }), USER)).toEqual(
      { ok: false, message: BACKUP_MESSAGES.damaged('exhibit file') },
    );
    const orphan = sampleDispute({ id: 'd9', parentId: 'nope', round: 2 });
    expect(parseBackup(backupText({ disputes: [orphan], exhibits: [] }), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('a round without its parent'),
    });
    const long = sampleDispute({ trackingNumber: '9'.repeat(41) });
    expect(parseBackup(backupText({ disputes: [long], exhibits: [] }), USER)).toMatchObject({
      ok: false,
    });
  });
});

describe('parseDispute', () => {
  it('keeps a valid dispute and rejects one with a foreign outcome', () => {
    expect(parseDispute(sampleDispute())).toEqual(sampleDispute());
    const odd = sampleDispute();
    (odd.items[0] as { outcome?: string }).outcome = 'maybe';
    expect(parseDispute(odd)).toBeNull();
    expect(parseDispute('nope')).toBeNull();
  });

  it('gives files kept before exhibits were numbered by the letter their attach order', () => {
    const { exhibit: _, ...unnumbered } = exhibit;
    const second = { ...unnumbered, id: 'x2' };
    expect(
      parseDispute({ ...sampleDispute(), exhibits: [unnumbered, second] })?.exhibits.map(
        (each) => each.exhibit,
      ),
    ).toEqual([1, 2]);
    expect(parseDispute(sampleDispute({ exhibits: [{ ...exhibit, exhibit: 0 }] }))).toBeNull();
  });

  it('keeps each item’s error type and facts, and refuses a foreign type or fact (issue 41)', () => {
    const [first, second] = sampleDispute().items;
    const typed = sampleDispute({
      items: [
        {
          ...first!,
          errorType: 'incorrect-balance',
          facts: { correctBalance: '$150', soldDebt: false, accountNumberNotShown: true },
        },
        second!,
      ],
    });
    expect(parseDispute(typed)).toEqual(typed);
    const foreign = (change: object) =>
      parseDispute({ ...typed, items: [{ ...typed.items[0], ...change }] });
    expect(foreign({ errorType: 'bankrupt' })).toBeNull();
    expect(foreign({ facts: { correctBalance: 150 } })).toBeNull();
    expect(foreign({ facts: { correctBalance: 'x'.repeat(301) } })).toBeNull();
    // Unknown fact names are dropped, never stored.
    expect(foreign({ facts: { script: '<b>' } })?.items[0]?.facts).toEqual({});
  });

  it('keeps "The bureau gave no reason"', () => {
    const [first, second] = sampleDispute().items;
    const dispute = sampleDispute({
      items: [{ ...first!, outcome: 'frivolous', noReasonGiven: true }, second!],
    });
    expect(parseDispute(dispute)?.items[0]?.noReasonGiven).toBe(true);
  });
});

describe('parseBackup with the report checkup', () => {
  it('carries the checkup in progress, and refuses a damaged one', () => {
    const checkup = answerSample(sampleCheckup());
    const result = parseBackup(backupText({ checkup }), USER);
    expect(result.ok && result.backup.checkup).toEqual(checkup);
    const withoutCheckup = parseBackup(backupText(), USER);
    expect(withoutCheckup.ok && withoutCheckup.backup.checkup).toBeUndefined();
    expect(parseBackup(backupText({ checkup: { ...checkup, accounts: 'x' } }), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('the report checkup'),
    });
  });
});

describe('parseBackup names what is damaged, as the hand-written reader did', () => {
  const damaged = (dispute: object) =>
    parseBackup(backupText({ disputes: [dispute], exhibits: [] }), USER);
  const without = (field: string, from: object = sampleDispute()) =>
    Object.fromEntries(Object.entries(from).filter(([key]) => key !== field));
  const [item, other] = sampleDispute().items;
  const long = 'x'.repeat(10_000);

  it.each([
    ['a missing creation date', without('createdAt'), 'created date'],
    ['a missing letter kind', without('letterKind'), 'letter kind'],
    ['a missing recipient', without('recipient'), 'recipient'],
    [
      'an unknown bureau',
      sampleDispute({ recipient: { kind: 'bureau', bureau: 'acme' } as never }),
      'recipient',
    ],
    [
      'a creditor without a name',
      sampleDispute({ recipient: { kind: 'furnisher' } as never }),
      'creditor name',
    ],
    ['no items', sampleDispute({ items: [] }), 'items'],
    [
      'an item without its account',
      sampleDispute({ items: [without('accountName', item), other!] as never }),
      'account name',
    ],
    [
      'a 10,000-character account name',
      sampleDispute({ items: [{ ...item!, accountName: long }] }),
      'account name',
    ],
    [
      'a 10,000-character tracking number',
      sampleDispute({ trackingNumber: long }),
      'tracking number',
    ],
    [
      'a 10,000-character letter of 100,001',
      sampleDispute({ letterText: long.repeat(10) + 'x' }),
      'letter',
    ],
    ['a sender that is a list', { ...sampleDispute(), sender: [] }, 'sender'],
    [
      'facts that are a list',
      sampleDispute({ items: [{ ...item!, facts: [] as never }] }),
      'item facts',
    ],
    [
      'an exhibit without a type',
      sampleDispute({ exhibits: [without('type', exhibit) as never] }),
      'exhibit type',
    ],
    [
      '21 exhibits',
      sampleDispute({
        exhibits: Array.from({ length: 21 }, (_, i) => ({ ...exhibit, id: `x${i}` })),
      }),
      'exhibits',
    ],
  ])('%s', (_, dispute, what) => {
    expect(damaged(dispute)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged(`dispute 1: ${what}`),
    });
  });

  it('a backup without its lists, version or account', () => {
    const raw = JSON.parse(backupText());
    const lacking = (field: string) => JSON.stringify({ ...raw, [field]: undefined });
    expect(parseBackup(lacking('disputes'), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('no dispute list'),
    });
    expect(parseBackup(lacking('exhibits'), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('no exhibit list'),
    });
    expect(parseBackup(lacking('version'), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.newerVersion,
    });
    expect(parseBackup(lacking('userId'), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.otherAccount,
    });
    expect(parseBackup(backupText({ disputes: [sampleDispute(), sampleDispute()] }), USER)).toEqual(
      {
        ok: false,
        message: BACKUP_MESSAGES.damaged('a dispute appears twice'),
      },
    );
  });
});

describe('parseBackup refuses an exhibit file no exhibit could have', () => {
  it('larger than one exhibit may be, or with a longer id than any', () => {
    const biggest = Math.ceil(LIMITS.exhibitBytes / 3) * 4;
    const file = (id: string, length: number) => ({
      disputes: [],
      exhibits: [{ id, base64: 'A'.repeat(length) }],
    });
    expect(parseBackup(backupText(file('x1', biggest + 4)), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('exhibit file'),
    });
    expect(parseBackup(backupText(file('x'.repeat(101), 4)), USER)).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.damaged('exhibit file'),
    });
  });
});
