import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_LIMITS } from '../../shared/reminders';
import { startRemindersStack, type RemindersStack } from './reminders-stack';

/**
 * The reminders API against DynamoDB Local: the browser sends each round's id and dates only,
 * kept in the user's own partition (plus the day index), and deleted when a round is closed or
 * reminders are turned off. Bad input is a 400 with its reason, and nothing is stored.
 */
let stack: RemindersStack;
beforeAll(async () => {
  stack = await startRemindersStack();
});
afterAll(() => stack?.stop());

describe('register, list, close, turn off', () => {
  it('keeps each round as an opaque id and its dates, in the user partition', async () => {
    const user = await stack.user();
    const rounds = [
      { id: 'a1b2c3d4e5f6a1b2c3d4e5f6', dueOn: stack.day(10), followUpOn: stack.day(17) },
      { id: 'round-2', dueOn: stack.day(20) },
    ];
    const put = await stack.call('PUT', '/', user.token, { rounds });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ available: true, enabled: true, rounds: [rounds[0], rounds[1]] });

    const listed = await stack.call('GET', '/', user.token);
    expect(listed.json).toEqual(put.json);

    const items = await stack.items(user.id);
    expect(items).toEqual([
      { pk: `REMINDER_DAY#${stack.day(10)}`, sk: `USER#${user.id}`, ttl: expect.any(Number) },
      { pk: `REMINDER_DAY#${stack.day(17)}`, sk: `USER#${user.id}`, ttl: expect.any(Number) },
      { pk: `REMINDER_DAY#${stack.day(20)}`, sk: `USER#${user.id}`, ttl: expect.any(Number) },
      {
        pk: `REMINDERS#${user.id}`,
        sk: 'ROUND#a1b2c3d4e5f6a1b2c3d4e5f6',
        dueOn: stack.day(10),
        followUpOn: stack.day(17),
        ttl: expect.any(Number),
      },
      {
        pk: `REMINDERS#${user.id}`,
        sk: 'ROUND#round-2',
        dueOn: stack.day(20),
        ttl: expect.any(Number),
      },
      { pk: `REMINDERS#${user.id}`, sk: 'SETTINGS', address: user.email },
    ]);
    // Kept a week past its last date at most, should nothing delete it first.
    const round = items.find((item) => item.sk === 'ROUND#a1b2c3d4e5f6a1b2c3d4e5f6')!;
    expect(round.ttl).toBe(Date.parse(`${stack.day(17)}T00:00:00Z`) / 1000 + 7 * 86_400);
  });

  it('a round left out is closed: it and its day-index entries go; DELETE one round; DELETE turns off', async () => {
    const user = await stack.user();
    await stack.call('PUT', '/', user.token, {
      rounds: [
        { id: 'keep', dueOn: stack.day(5), followUpOn: stack.day(12) },
        { id: 'close', dueOn: stack.day(6), followUpOn: stack.day(13) },
        { id: 'other', dueOn: stack.day(7) },
      ],
    });
    const closed = await stack.call('PUT', '/', user.token, {
      rounds: [
        { id: 'keep', dueOn: stack.day(5), followUpOn: stack.day(12) },
        { id: 'other', dueOn: stack.day(7) },
      ],
    });
    expect((closed.json.rounds as { id: string }[]).map((round) => round.id)).toEqual([
      'keep',
      'other',
    ]);
    let keys = (await stack.items(user.id)).map((item) => `${item.pk} ${item.sk}`);
    expect(keys.some((key) => key.includes('close'))).toBe(false);
    expect(keys.some((key) => key.startsWith(`REMINDER_DAY#${stack.day(6)}`))).toBe(false);
    expect(keys.some((key) => key.startsWith(`REMINDER_DAY#${stack.day(13)}`))).toBe(false);

    const deleted = await stack.call('DELETE', '/rounds/other', user.token);
    expect(deleted.status).toBe(200);
    keys = (await stack.items(user.id)).map((item) => `${item.pk} ${item.sk}`);
    expect(keys.some((key) => key.includes('other') || key.includes(stack.day(7)))).toBe(false);

    const off = await stack.call('DELETE', '/', user.token);
    expect(off.json).toEqual({ available: true, enabled: false, rounds: [] });
    expect(await stack.items(user.id)).toEqual([]);
  });

  it('dates already past are not kept; a signed-out caller is refused', async () => {
    const user = await stack.user();
    const put = await stack.call('PUT', '/', user.token, {
      rounds: [
        { id: 'past', dueOn: stack.day(-20), followUpOn: stack.day(-12) },
        { id: 'half', dueOn: stack.day(-2), followUpOn: stack.day(5) },
      ],
    });
    expect(put.json.rounds).toEqual([{ id: 'half', followUpOn: stack.day(5) }]);
    expect((await stack.call('GET', '/', undefined)).status).toBe(401);
  });
});

describe('bad input: 400 with the reason, nothing stored', () => {
  const valid = () => ({ id: 'ok-round', dueOn: stack.day(3) });

  async function refused(body: unknown, reason: RegExp) {
    const user = await stack.user('bad');
    await stack.call('PUT', '/', user.token, { rounds: [valid()] });
    const before = await stack.items(user.id);
    const answer = await stack.call('PUT', '/', user.token, body);
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe('invalid_request');
    expect(answer.json.error).toMatch(reason);
    expect(await stack.items(user.id)).toEqual(before);
  }

  it('a date that is not a real date', () =>
    refused(
      { rounds: [valid(), { id: 'feb', dueOn: '2027-02-30' }] },
      /^rounds\[1\]\.dueOn: dueOn "2027-02-30" is not a real date/,
    ));

  it('a follow-up date that is not a real date', () =>
    refused(
      { rounds: [{ id: 'x', dueOn: stack.day(3), followUpOn: '2027-13-01' }] },
      /followUpOn "2027-13-01" is not a real date/,
    ));

  it('a round id over 64 characters', () =>
    refused(
      { rounds: [{ id: 'x'.repeat(REMINDER_LIMITS.idLength + 1), dueOn: stack.day(3) }] },
      /rounds\[0\]\.id: A round id is at most 64 characters/,
    ));

  it('more than 200 rounds', () =>
    refused(
      {
        rounds: Array.from({ length: REMINDER_LIMITS.rounds + 1 }, (_, n) => ({
          id: `r${n}`,
          dueOn: stack.day(3),
        })),
      },
      /^rounds: At most 200 rounds/,
    ));

  it('anything about the dispute (a bureau, an account)', () =>
    refused(
      { rounds: [{ id: 'x', dueOn: stack.day(3), bureau: 'experian' }] },
      /Only id, dueOn and followUpOn are accepted, not "bureau"/,
    ));

  it('a round id over 64 characters in DELETE', async () => {
    const user = await stack.user('bad');
    const answer = await stack.call('DELETE', `/rounds/${'y'.repeat(65)}`, user.token);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/at most 64 characters/);
  });
});

it('exactly 200 rounds are accepted', async () => {
  const user = await stack.user();
  const rounds = Array.from({ length: REMINDER_LIMITS.rounds }, (_, n) => ({
    id: `r${n}`,
    dueOn: stack.day(3 + (n % 5)),
  }));
  const put = await stack.call('PUT', '/', user.token, { rounds });
  expect(put.status).toBe(200);
  expect(put.json.rounds).toHaveLength(200);
});
