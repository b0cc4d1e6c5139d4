// The sync route's sizes, shared by the route (`lambdas/sync/`) and the browser (`web/src/lib/sync/`).
import { LIMITS } from './disputes/model';

/** Bytes per table item: under DynamoDB's 400 KB item limit with the keys around them. */
export const SYNC_CHUNK_BYTES = 350 * 1024;

/**
 * Bytes one request carries of a record (10 items). Base64-encoded in the Lambda event it stays
 * under Lambda's 6 MB request and response payload, and under API Gateway's 10 MB.
 */
export const SYNC_PART_BYTES = 10 * SYNC_CHUNK_BYTES;

/** The largest record: an exhibit at the product's limit, sealed (29 bytes more), with room. */
export const SYNC_RECORD_BYTES = LIMITS.exhibitBytes + 1024 * 1024;

/** A size as the limits are written for people: 21 MB (in MiB, as the exhibit limit is). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
