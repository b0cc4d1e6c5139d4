// The sync route's typed refusals, on the shared base of `platform/errors.ts`.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../platform/errors';

export type SyncErrorCode =
  | 'invalid_record_id'
  | 'version_required'
  | 'version_conflict'
  | 'record_not_found'
  | 'quota_exceeded'
  | 'invalid_part'
  | 'upload_incomplete';

/** A refusal of the sync route, rendered as the functions' `{error, code}`. */
export class SyncError extends HttpError<SyncErrorCode> {
  override name = 'SyncError';
  constructor(status: ContentfulStatusCode, code: SyncErrorCode, message: string) {
    super(status, code, message);
  }
}

export const recordNotFound = () =>
  new SyncError(404, 'record_not_found', 'No such record in your synced data');
