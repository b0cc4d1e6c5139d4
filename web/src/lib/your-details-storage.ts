import type { SenderDetails } from '@shared/letters';

/**
 * Where "Your details" live: one localStorage entry per account, so one person's name and address
 * are never filled in for the next account on this browser. The generator and the checkup's
 * letters share them. Small on purpose: the app shell loads it at sign-out.
 */
export function detailsKey(userId: string): string {
  return `credit-dispute-letters:your-details:${userId}`;
}

/** Before details were kept per account they had one entry for everyone: it is dropped, not guessed an owner. */
const UNOWNED_DETAILS_KEY = 'credit-dispute-letters:your-details';

export function dropUnownedDetails(): void {
  try {
    localStorage.removeItem(UNOWNED_DETAILS_KEY);
  } catch {
    // Storage unavailable: nothing kept.
  }
}

export function hasDetailsOnDevice(userId: string): boolean {
  try {
    return localStorage.getItem(detailsKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The details kept in local storage. Date of birth, the SSN digits and the report number are
 * not: they stay in memory while the page is open (the report number also differs per bureau).
 */
export type StoredDetails = Pick<
  SenderDetails,
  'address' | 'phone' | 'email' | 'previousAddress'
> & {
  /** Undefined until the user types a name: the account's name is shown meanwhile. */
  name?: string | undefined;
};

export const NO_STORED_DETAILS: StoredDetails = {
  address: '',
  phone: '',
  email: '',
  previousAddress: '',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function parseDetails(raw: unknown): StoredDetails {
  const record = (raw ?? {}) as Record<string, unknown>;
  return {
    name: typeof record.name === 'string' ? record.name : undefined,
    address: text(record.address),
    phone: text(record.phone),
    email: text(record.email),
    previousAddress: text(record.previousAddress),
  };
}

/** The account's details on this device; the empty ones when none are kept (or readable). */
export function loadDetails(userId: string): StoredDetails {
  try {
    const raw = localStorage.getItem(detailsKey(userId));
    return raw === null ? NO_STORED_DETAILS : parseDetails(JSON.parse(raw));
  } catch {
    return NO_STORED_DETAILS;
  }
}

/** Keeps `change` over the account's details, the fields it does not name as they were. */
export function saveDetails(userId: string, change: Partial<StoredDetails>): void {
  try {
    localStorage.setItem(detailsKey(userId), JSON.stringify({ ...loadDetails(userId), ...change }));
  } catch {
    // Kept for the page only.
  }
}
