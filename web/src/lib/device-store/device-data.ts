import { deleteDisputesDatabase, hasDisputesOnDevice } from './disputes-db';
import {
  forgetCheckup,
  forgetDetails,
  forgetDraft,
  hasCheckupOnDevice,
  hasDetailsOnDevice,
  switchReminders,
} from './local-records';

/**
 * The account's data on this device as a whole: small enough for the app shell (sign-out asks
 * whether to keep it), the stores themselves load only when used.
 */

/** Whether this browser keeps anything of `userId`: disputes, "Your details", the checkup. */
export async function hasDeviceData(userId: string): Promise<boolean> {
  return (
    hasDetailsOnDevice(userId) || hasCheckupOnDevice(userId) || (await hasDisputesOnDevice(userId))
  );
}

/**
 * "Forget this device": removes every record of the account from this browser (disputes, files,
 * checkup, details, draft and the sync key). A synced copy on our server stays for the account's
 * other devices.
 */
export async function forgetThisDevice(userId: string): Promise<void> {
  forgetDetails(userId);
  forgetCheckup(userId);
  forgetDraft(userId);
  await deleteDisputesDatabase(userId);
}

/** Our server could not delete its copies: nothing on this device was deleted either. */
export class ServerCopiesNotDeletedError extends Error {
  override name = 'ServerCopiesNotDeletedError';
  constructor() {
    super('The synced copy and the reminders on our server could not be deleted');
  }
}

/**
 * What our server keeps for the account, deleted: the synced copy (whether or not sync is on in
 * this browser: another device may have turned it on) and the e-mail reminders.
 */
async function deleteServerCopies(): Promise<void> {
  const { callFunction } = await import('../functions');
  for (const name of ['sync/records', 'reminders']) {
    const answer = await callFunction('DELETE', name).catch(() => null);
    if (!answer?.ok) throw new ServerCopiesNotDeletedError();
  }
}

/**
 * "Delete all my data": the account's copies on our server, then everything on this device.
 * Throws `ServerCopiesNotDeletedError` when the server's could not be deleted.
 */
export async function deleteAllMyData(userId: string): Promise<void> {
  // Server first: if it fails, this device still holds everything and the user can try again.
  await deleteServerCopies();
  switchReminders(userId, false);
  await forgetThisDevice(userId);
}
