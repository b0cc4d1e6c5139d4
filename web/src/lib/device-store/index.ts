// The browser's one data layer: every record the app stores for an account, and only here.
export { STORAGE_KEYS, DATA_CHANGED } from './keys';
export { newId, now, today } from './ids';
export type { EditTimes } from './edit-times';
export {
  NO_STORED_DETAILS,
  dropLegacySentLetters,
  dropUnownedDetails,
  forgetCheckup,
  forgetPractice,
  forgetDetails,
  forgetDraft,
  hasCheckupOnDevice,
  hasDetailsOnDevice,
  loadCheckup,
  loadPractice,
  loadDetails,
  loadDraft,
  localEditTimes,
  parseDetails,
  saveCheckup,
  saveDetails,
  saveDraft,
  remindersSwitchedOn,
  switchReminders,
  type StoredDetails,
  type StoredDraft,
  type LocalRecordName,
} from './local-records';
export { DisputeStore, hasDisputesOnDevice, syncIsOnHere } from './disputes-db';
export { exportBackup, importBackup } from './backup';
export {
  deleteAllMyData,
  forgetThisDevice,
  hasDeviceData,
  ServerCopiesNotDeletedError,
} from './device-data';
