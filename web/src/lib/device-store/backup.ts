import type { Backup } from '@shared/disputes';
import type { DisputeStore } from './disputes-db';
import { loadCheckup, saveCheckup } from './local-records';

/** Everything of the account in one backup: disputes, their files and the checkup in progress. */
export async function exportBackup(store: DisputeStore, now: Date): Promise<Backup> {
  const backup = await store.exportBackup(now);
  const checkup = loadCheckup(store.userId);
  return checkup ? { ...backup, checkup } : backup;
}

/**
 * Writes a backup already checked by `parseBackup` (the schema of every stored record): disputes
 * and files in one transaction, then the checkup it carries. Returns how many disputes it held.
 */
export async function importBackup(store: DisputeStore, backup: Backup): Promise<number> {
  const count = await store.importBackup(backup);
  if (backup.checkup) saveCheckup(store.userId, backup.checkup);
  return count;
}
