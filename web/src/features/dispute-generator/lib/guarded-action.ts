import type { ExportFormat } from './export-letter';

/** What "Mark as mailed" records besides the letter. */
export interface MailedInput {
  mailedOn: string;
  trackingNumber: string;
  followsFreeAnnualReport: boolean;
}

/** What the user may be warned about first: printing, exporting or marking as mailed. */
export type GuardedAction =
  | { kind: 'export'; format: ExportFormat }
  | { kind: 'print' }
  | { kind: 'mailed'; input: MailedInput };

/** What the export-options panel asks for. */
export type PanelAction = 'download' | Exclude<GuardedAction, { kind: 'mailed' }>;
