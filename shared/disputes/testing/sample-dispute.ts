import type { Dispute } from '../model';

/** A mailed Round 1 dispute to Experian with two items, for tests and benchmarks. */
export function sampleDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'd1',
    round: 1,
    letterKind: 'dispute',
    recipient: { kind: 'bureau', bureau: 'experian' },
    items: [
      {
        id: 'i1',
        accountName: 'Chase Sapphire',
        accountNumber: '****4321',
        details: 'Reported 30 days late in June 2026;\nI paid on June 3.',
      },
      { id: 'i2', accountName: 'Midland Credit', details: 'Not my account.' },
    ],
    letterText: 'Jane Q. Public\n\nExperian\nP.O. Box 4500\nAllen, TX 75013\n\nBody.\n',
    sender: {
      name: 'Jane Q. Public',
      address: '12 Elm Street\nSpringfield, IL 62701',
      phone: '555-0100',
      email: 'jane@example.com',
    },
    createdAt: '2026-11-01T10:00:00.000Z',
    mailedOn: '2026-11-02',
    trackingNumber: '9407111899223197428490',
    followsFreeAnnualReport: false,
    sentMoreInformation: false,
    exhibits: [],
    ...overrides,
  };
}
