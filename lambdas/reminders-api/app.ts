// One per function folder: the Hono routes its Lambda entry and the local server share.
import type { Context } from 'hono';
import { createAccessTokenVerifier } from '../identity/access-tokens';
import { systemClock, type Clock } from '../platform/clock';
import { apiCors } from '../platform/cors';
import { createTable } from '../platform/dynamo';
import { HttpError, renderJsonError } from '../platform/errors';
import { readJsonBody } from '../platform/json-body';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
import { parseBody } from '../platform/request-body';
import { REMINDERS_PATH } from '../reminders/reminder-mail';
import {
  clearStop,
  deleteRound,
  readUserReminders,
  replaceRounds,
  turnOff,
  utcDate,
  type UserReminders,
} from '../reminders/store';
import { verifyUnsubscribeToken } from '../reminders/unsubscribe-token';
import { reasonOf, reminderRoundsBody, roundId } from './body';
import type { RemindersApiConfig } from './config';
import { unsubscribePage } from './unsubscribe-page';

const STOPPED_MESSAGES = {
  bounce: 'Reminders to this address stopped: mail to it bounced.',
  complaint: 'Reminders to this address stopped: a reminder was marked as spam.',
} as const;

/**
 * `/functions/v1/reminders`, for the signed-in user: GET lists what is kept, PUT turns
 * reminders on with every open round (a round left out is closed), DELETE turns them off,
 * DELETE `/rounds/:id` closes one. `/unsubscribe` is a mail's one-click link: no sign-in.
 */
export function createRemindersApp(config: RemindersApiConfig, options: { now?: Clock } = {}) {
  const table = createTable(config.table);
  const now = options.now ?? systemClock;
  const verifier = createAccessTokenVerifier({ table, ...config.tokens, now });
  const app = createLambdaApp(REMINDERS_PATH, renderJsonError);
  const isUnsubscribe = (c: Context) => c.req.path.endsWith('/unsubscribe');

  app.use('*', async (c, next) =>
    isUnsubscribe(c)
      ? next()
      : apiCors(config.access.allowedOrigins, ['GET', 'PUT', 'DELETE'])(c, next),
  );
  app.use('*', requirePublishableKey(config.access.publishableKey, isUnsubscribe));

  const view = (stored: UserReminders, address: string) => ({
    available: config.enabled,
    enabled: Boolean(stored.address),
    rounds: stored.rounds.map(({ id, dueOn, followUpOn }) => ({
      id,
      ...(dueOn && { dueOn }),
      ...(followUpOn && { followUpOn }),
    })),
    ...(stored.stopped?.address === address && { stopped: stored.stopped.reason }),
  });

  app.get('/', async (c) => {
    const { userId, email } = await verifier.verify(c.req.header('authorization'));
    return c.json(view(await readUserReminders(table, userId), email));
  });

  app.put('/', async (c) => {
    const { userId, email } = await verifier.verify(c.req.header('authorization'));
    const body = parseBody(
      reminderRoundsBody,
      await readJsonBody(c),
      (issue) => new HttpError(400, 'invalid_request', reasonOf(issue)),
    );
    if (!config.enabled)
      throw new HttpError(
        503,
        'reminders_unavailable',
        'E-mail reminders are not set up on this site.',
      );
    const stored = await readUserReminders(table, userId);
    if (stored.stopped?.address === email)
      throw new HttpError(409, 'reminders_stopped', STOPPED_MESSAGES[stored.stopped.reason]);
    if (stored.stopped) await clearStop(table, userId);
    await replaceRounds(table, userId, email, body.rounds, utcDate(now()));
    return c.json(view(await readUserReminders(table, userId), email));
  });

  app.delete('/', async (c) => {
    const { userId, email } = await verifier.verify(c.req.header('authorization'));
    await turnOff(table, userId);
    return c.json(view(await readUserReminders(table, userId), email));
  });

  app.delete('/rounds/:id', async (c) => {
    const { userId, email } = await verifier.verify(c.req.header('authorization'));
    const id = parseBody(
      roundId,
      c.req.param('id'),
      (issue) => new HttpError(400, 'invalid_request', reasonOf(issue)),
    );
    await deleteRound(table, userId, id);
    return c.json(view(await readUserReminders(table, userId), email));
  });

  /** The link in the body: a page whose one button turns reminders off (a GET changes nothing). */
  app.get('/unsubscribe', async (c) => {
    const token = c.req.query('token') ?? '';
    const userId = await verifyUnsubscribeToken(await config.linkSecret(), token, now);
    return c.html(unsubscribePage(userId ? 'confirm' : 'invalid', token), userId ? 200 : 400);
  });

  /** RFC 8058's one-click POST (`List-Unsubscribe=One-Click`), and the page's button. */
  app.post('/unsubscribe', async (c) => {
    const token = c.req.query('token') ?? '';
    const userId = await verifyUnsubscribeToken(await config.linkSecret(), token, now);
    if (!userId) return c.html(unsubscribePage('invalid', token), 400);
    await turnOff(table, userId);
    return c.html(unsubscribePage('done', token));
  });

  app.all('*', () => {
    throw new HttpError(405, 'method_not_allowed', 'Use GET, PUT or DELETE');
  });
  return app;
}
