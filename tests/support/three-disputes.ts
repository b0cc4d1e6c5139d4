import type { Page } from 'playwright-core';
import { BACKUP_FORMAT, BACKUP_VERSION, type Dispute } from '../../shared/disputes';
import { addDays, toIsoDate } from '../../shared/letters';

const SENDER = {
  name: 'Jane Q. Public',
  address: '12 Elm Street\nSpringfield, IL 62701',
  phone: '555-0100',
  email: 'jane@example.com',
};

function dispute(overrides: Partial<Dispute> & Pick<Dispute, 'id' | 'recipient'>): Dispute {
  return {
    round: 1,
    letterKind: 'dispute',
    items: [
      {
        id: `${overrides.id}-i1`,
        accountName: 'Chase Sapphire ending 4321',
        details: 'Reported 30 days late in June 2026; I paid on June 3.',
      },
    ],
    letterText: [
      'Jane Q. Public',
      '12 Elm Street',
      'Springfield, IL 62701',
      '',
      'Please investigate the item below.',
      '',
      'Enclosures:',
      '- Exhibit 1: June 2026 bank statement',
      '',
      'Sincerely,',
      '',
      'Jane Q. Public',
    ].join('\n'),
    sender: SENDER,
    createdAt: new Date().toISOString(),
    followsFreeAnnualReport: false,
    sentMoreInformation: false,
    exhibits: [],
    ...overrides,
  };
}

/**
 * Three disputes as a subscriber has them after a few weeks: TransUnion overdue and followed up
 * (Round 2 mailed), Experian overdue with nothing done, Equifax mailed two days ago.
 */
export function threeDisputes(today = toIsoDate(new Date())): Dispute[] {
  return [
    dispute({
      id: 'tu-1',
      recipient: { kind: 'bureau', bureau: 'transunion' },
      mailedOn: addDays(today, -50),
      deliveredOn: addDays(today, -45),
      createdAt: `${addDays(today, -50)}T10:00:00.000Z`,
    }),
    dispute({
      id: 'tu-2',
      parentId: 'tu-1',
      round: 2,
      letterKind: 'no-response',
      recipient: { kind: 'bureau', bureau: 'transunion' },
      items: [
        {
          id: 'tu-1-i1',
          accountName: 'Chase Sapphire ending 4321',
          details: 'Reported 30 days late in June 2026; I paid on June 3.',
        },
      ],
      mailedOn: addDays(today, -3),
      createdAt: `${addDays(today, -4)}T10:00:00.000Z`,
    }),
    dispute({
      id: 'ex-1',
      recipient: { kind: 'bureau', bureau: 'experian' },
      items: [
        {
          id: 'ex-1-i1',
          accountName: 'Midland Credit Management',
          details: 'A collection I do not recognise: not my account.',
        },
      ],
      mailedOn: addDays(today, -45),
      deliveredOn: addDays(today, -40),
      createdAt: `${addDays(today, -45)}T10:00:00.000Z`,
    }),
    dispute({
      id: 'eq-1',
      recipient: { kind: 'bureau', bureau: 'equifax' },
      items: [
        {
          id: 'eq-1-i1',
          accountName: 'Capital One Visa',
          details: 'The balance is $900, not $9,000. I paid the rest in March.',
        },
      ],
      mailedOn: addDays(today, -2),
      createdAt: `${addDays(today, -2)}T10:00:00.000Z`,
    }),
  ];
}

/** Puts the three disputes into the signed-in user's My Disputes through "Import backup". */
export async function importThreeDisputes(page: Page, base: string, userId: string) {
  await importDisputes(page, base, userId, threeDisputes());
}

/** Puts `disputes` into the signed-in user's My Disputes through "Import backup". */
export async function importDisputes(
  page: Page,
  base: string,
  userId: string,
  disputes: readonly Dispute[],
) {
  const backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    userId,
    exportedAt: new Date().toISOString(),
    disputes,
    exhibits: [],
  };
  await page.goto(`${base}/disputes`);
  await page.getByLabel('Import backup').setInputFiles({
    name: 'backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backup)),
  });
  await page.getByText(/^Backup imported/).waitFor();
}
