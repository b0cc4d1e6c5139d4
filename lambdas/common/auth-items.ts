/**
 * Item keys of the auth data in the single table. A user's profile and sessions share the
 * partition `USER#<id>`, so "all sessions of a user" is one Query.
 */
export const SESSION_SORT_PREFIX = 'SESSION#';

export function userKey(userId: string) {
  return { pk: `USER#${userId}`, sk: 'PROFILE' };
}

export function emailKey(email: string) {
  return { pk: `EMAIL#${email}`, sk: 'EMAIL' };
}

export function sessionKey(userId: string, sessionId: string) {
  return { pk: `USER#${userId}`, sk: `${SESSION_SORT_PREFIX}${sessionId}` };
}
