import { deleteDisputesDatabase, hasDisputesOnDevice, syncIsOnHere } from './disputes-db';
import {
  forgetCheckup,
  forgetDetails,
  forgetDraft,
  hasCheckupOnDevice,
  hasDetailsOnDevice,
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

/**
 * "Delete all my data": the synced copy on our server first (when sync is on; a failure stops
 * here, so nothing is half deleted), then everything on this device.
 */
export async function deleteAllMyData(userId: string): Promise<void> {
  // With sync off here, the sync code is not even loaded: nothing leaves the browser.
  if (await syncIsOnHere(userId)) {
    const { deleteServerCopy } = await import('../sync/sync-control');
    await deleteServerCopy(userId);
  }
  await forgetThisDevice(userId);
}
