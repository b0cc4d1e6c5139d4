import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { metrics } from '../../lambdas/platform/metrics';
import { identityKeys } from '../../lambdas/identity/items';
import { readRemindersJobConfig } from '../../lambdas/reminders-job/config';
import { createReminderJob } from '../../lambdas/reminders-job/job';
import { REMINDER_TEXT } from '../../shared/reminders';
import { createOutbox } from '../../local/outbox';
import { call } from '../auth/auth-server';
import { OPERATOR, startRemindersStack, type RemindersStack } from './reminders-stack';

/**
 * The scheduled job on DynamoDB Local, its clock moved to each date: one reminder on the due
 * date and one when the no-response letter becomes possible, each saying one sentence and a
 * link; unsubscribable in one click; at most 2 a day per user; its own budget; stopped by a
 * bounce or complaint.
 */
let stack: RemindersStack;
/** The auth mails' project-wide hourly budget (`lambdas/auth`: bucket `email-sent`). */
const AUTH_MAIL_BUDGET = identityKeys.rateWindow('email-sent#all', 0).pk;
beforeAll(async () => {
  stack = await startRemindersStack();
});
afterAll(() => stack?.stop());

const mailsTo = async (address: string) =>
  (await stack.outbox.list()).filter((mail) => mail.to === address);

describe('a round reminded on its due date, then when the no-response letter becomes possible', () => {
  it('sends the one sentence, a link, the operator and a one-click unsubscribe; deletes what was sent', async () => {
    const user = await stack.user();
    await stack.call('PUT', '/', user.token, {
      rounds: [{ id: 'round-one', dueOn: stack.day(4), followUpOn: stack.day(11) }],
    });

    stack.setJobDate(stack.day(3));
    await stack.job.run();
    expect(await mailsTo(user.email)).toEqual([]);

    stack.setJobDate(stack.day(4));
    const addMetric = vi.spyOn(metrics, 'addMetric');
    const run = await stack.job.run();
    expect(run).toMatchObject({ date: stack.day(4), sent: 1 });
    expect(addMetric).toHaveBeenCalledWith('RemindersSent', 'Count', 1);
    addMetric.mockRestore();
    const [mail] = await mailsTo(user.email);
    const site = stack.env.SITE_URL!;
    const unsubscribe = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${site}/functions/v1/reminders/unsubscribe?token=${unsubscribe.split('token=')[1]}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.subject).toBe('Credit Dispute Letters: A response is due');
    expect(mail!.text).toBe(
      `${REMINDER_TEXT}\n\nOpen My Disputes: ${site}/disputes\n\n— Credit Dispute Letters\n\n` +
        'You get this because you asked My Disputes to e-mail you when a response is due. ' +
        `Sent by ${OPERATOR.name}, 1 Main St, Springfield, IL 62701.\n\n` +
        `Stop these reminders with one click. Unsubscribe: ${unsubscribe}\n`,
    );
    expect(mail!.html).toContain(`<a href="${unsubscribe.replace(/&/g, '&#38;')}">Unsubscribe</a>`);
    expect(mail!.html).toContain(OPERATOR.name);
    // Nothing about the round: not its id, not its dates.
    for (const secret of ['round-one', stack.day(4), stack.day(11)]) {
      expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toContain(secret);
    }
    // The due date is sent: the round keeps only its follow-up date.
    let items = await stack.items(user.id);
    expect(items.find((item) => item.sk === 'ROUND#round-one')).toEqual({
      pk: `REMINDERS#${user.id}`,
      sk: 'ROUND#round-one',
      followUpOn: stack.day(11),
      ttl: expect.any(Number),
    });
    expect(items.some((item) => item.pk === `REMINDER_DAY#${stack.day(4)}`)).toBe(false);

    stack.setJobDate(stack.day(11));
    await stack.job.run();
    expect(await mailsTo(user.email)).toHaveLength(2);
    items = await stack.items(user.id);
    expect(items.map((item) => item.sk)).toEqual(
      ['SENT#' + stack.day(11), 'SENT#' + stack.day(4), 'SETTINGS'].sort(),
    );
  });

  it('a round closed before its date sends nothing', async () => {
    const user = await stack.user();
    await stack.call('PUT', '/', user.token, { rounds: [{ id: 'closed', dueOn: stack.day(6) }] });
    await stack.call('PUT', '/', user.token, { rounds: [] });
    stack.setJobDate(stack.day(6));
    await stack.job.run();
    expect(await mailsTo(user.email)).toEqual([]);
  });
});

describe('one-click unsubscribe, without signing in', () => {
  async function remindedUser(day: number) {
    const user = await stack.user('unsub');
    await stack.call('PUT', '/', user.token, {
      rounds: [{ id: 'u1', dueOn: stack.day(day), followUpOn: stack.day(day + 7) }],
    });
    stack.setJobDate(stack.day(day));
    await stack.job.run();
    const [mail] = await mailsTo(user.email);
    const url = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    return { user, path: `${url.pathname.replace('/functions/v1/reminders', '')}${url.search}` };
  }

  it('RFC 8058 POST turns reminders off; the body link shows a page whose button does', async () => {
    const { user, path } = await remindedUser(8);
    const page = await stack.call('GET', path, undefined);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Stop reminder e-mails?');
    // A GET (a mail scanner following links) changes nothing.
    expect((await stack.items(user.id)).some((item) => item.sk === 'SETTINGS')).toBe(true);

    const response = await stack.api.request(`/functions/v1/reminders${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Reminders stopped');
    const left = await stack.items(user.id);
    expect(left.filter((item) => !String(item.sk).startsWith('SENT#'))).toEqual([]);
    stack.setJobDate(stack.day(15));
    await stack.job.run();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a forged link: a plain page that says so, and nothing changes', async () => {
    const { user, path } = await remindedUser(9);
    const before = await stack.items(user.id);
    const forged = path.replace(
      /token=([^.]+)\.([^.]+)\.(.+)$/,
      (_all, head, body, sig: string) =>
        `token=${head}.${body}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`,
    );
    expect(forged).not.toBe(path);
    for (const method of ['GET', 'POST']) {
      const answer = await stack.call(method, forged, undefined);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('This unsubscribe link does not work');
      expect(answer.text).toContain('Nothing was changed');
    }
    const none = await stack.call('POST', '/unsubscribe?token=not-a-token', undefined);
    expect(none.status).toBe(400);
    expect(await stack.items(user.id)).toEqual(before);
  });

  it('an expired link (61 days later): the same page, and nothing changes', async () => {
    const { user, path } = await remindedUser(10);
    const before = await stack.items(user.id);
    const { createRemindersApp } = await import('../../lambdas/reminders-api/app');
    const later = createRemindersApp(stack.apiConfig, {
      now: () => Date.parse(`${stack.day(10 + 61)}T14:00:00Z`),
    });
    const answer = await later.request(`/functions/v1/reminders${path}`, { method: 'POST' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('more than 60 days old');
    expect(await stack.items(user.id)).toEqual(before);
  });
});

describe('bounded', () => {
  it('at most 2 reminders a day per user, however many runs and rounds', async () => {
    const user = await stack.user('cap');
    const day = stack.day(21);
    stack.setJobDate(day);
    for (const id of ['c1', 'c2', 'c3']) {
      await stack.call('PUT', '/', user.token, { rounds: [{ id, dueOn: day }] });
      await stack.job.run();
    }
    expect(await mailsTo(user.email)).toHaveLength(2);
    // Several rounds due the same day make one reminder.
    const other = await stack.user('cap');
    await stack.call('PUT', '/', other.token, {
      rounds: ['d1', 'd2', 'd3'].map((id) => ({ id, dueOn: day })),
    });
    await stack.job.run();
    expect(await mailsTo(other.email)).toHaveLength(1);
  });

  it('their own share of the budget: used up, they stop; the auth mails keep theirs', async () => {
    const outbox = createOutbox(null);
    const day = stack.day(25);
    const job = createReminderJob(
      readRemindersJobConfig({ ...stack.env, REMINDERS_DAILY_BUDGET: '1' }),
      { mailer: outbox, now: () => Date.parse(`${day}T14:00:00Z`) },
    );
    const users = [await stack.user('budget'), await stack.user('budget')];
    for (const user of users)
      await stack.call('PUT', '/', user.token, { rounds: [{ id: 'b', dueOn: day }] });
    const result = await job.run();
    expect(result).toMatchObject({ sent: 1, budgetExhausted: true });
    expect(await outbox.list()).toHaveLength(1);
    const { Items = [] } = await stack.table.doc.scan({ TableName: stack.table.name });
    // The reminders counted in their own item; the auth mails' project-wide window was not touched.
    expect(
      Items.find((item) => item.pk === 'REMINDER_BUDGET' && item.sk === `DAY#${day}`),
    ).toMatchObject({ sent: 1 });
    expect(Items.filter((item) => item.pk === AUTH_MAIL_BUDGET)).toEqual([]);
    // And an auth mail still goes out.
    const recover = await call(stack.auth, 'POST', '/recover', {
      body: { email: users[0]!.email },
    });
    expect(recover.status).toBe(200);
    expect((await stack.auth.outbox.list()).some((mail) => mail.to === users[0]!.email)).toBe(true);
    // That mail counted in the auth budget, which the reminders never touched.
    const after = await stack.table.doc.scan({ TableName: stack.table.name });
    expect(after.Items!.filter((item) => item.pk === AUTH_MAIL_BUDGET)).toHaveLength(1);
  });

  it('a bounce or a complaint stops reminders to that address', async () => {
    const bounced = await stack.user('bounce');
    const complained = await stack.user('complaint');
    const day = stack.day(27);
    for (const user of [bounced, complained])
      await stack.call('PUT', '/', user.token, {
        rounds: [{ id: 's1', dueOn: stack.day(26), followUpOn: day }],
      });
    const sesEvent = (userId: string, address: string, kind: 'Bounce' | 'Complaint') => ({
      EventSource: 'aws:sns',
      Sns: {
        Message: JSON.stringify({
          eventType: kind,
          mail: { destination: [address], tags: { 'reminder-user': [userId] } },
          ...(kind === 'Bounce'
            ? {
                bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: address }] },
              }
            : { complaint: { complainedRecipients: [{ emailAddress: address }] } }),
        }),
      },
    });
    // A transient bounce (a full mailbox) stops nothing.
    const transient = sesEvent(bounced.id, bounced.email, 'Bounce');
    transient.Sns.Message = transient.Sns.Message.replace('Permanent', 'Transient');
    expect(await stack.job.feedback({ Records: [transient] })).toBe(0);

    const stopped = await stack.job.feedback({
      Records: [
        sesEvent(bounced.id, bounced.email, 'Bounce'),
        sesEvent(complained.id, complained.email, 'Complaint'),
      ],
    });
    expect(stopped).toBe(2);
    stack.setJobDate(day);
    await stack.job.run();
    expect(await mailsTo(bounced.email)).toEqual([]);
    expect(await mailsTo(complained.email)).toEqual([]);
    const items = await stack.items(bounced.id);
    expect(items).toEqual([
      { pk: `REMINDERS#${bounced.id}`, sk: 'STOPPED', address: bounced.email, reason: 'bounce' },
    ]);
    // Turning them on again for that address is refused, with the reason.
    const again = await stack.call('PUT', '/', bounced.token, {
      rounds: [{ id: 's2', dueOn: day }],
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'reminders_stopped',
      error: expect.stringMatching(/bounced/),
    });
    expect((await stack.call('GET', '/', complained.token)).json).toMatchObject({
      enabled: false,
      stopped: 'complaint',
    });
    // A stop holds for its address only: at a new address (the account's e-mail changed) they
    // can be turned on again, and the old stop goes.
    await stack.table.doc.put({
      TableName: stack.table.name,
      Item: {
        pk: `REMINDERS#${complained.id}`,
        sk: 'STOPPED',
        address: 'old@example.com',
        reason: 'complaint',
      },
    });
    const renewed = await stack.call('PUT', '/', complained.token, {
      rounds: [{ id: 's3', dueOn: day }],
    });
    expect(renewed.status).toBe(200);
    expect((await stack.items(complained.id)).some((item) => item.sk === 'STOPPED')).toBe(false);
  });
});
