import { describe, expect, it } from 'vitest';
import { parseCheckup } from './parse';
import { answerSample, sampleCheckup } from './samples';

/** The answered sample as stored: plain JSON. */
const stored = () => JSON.parse(JSON.stringify(answerSample(sampleCheckup())));

describe('parseCheckup reads only what a checkup holds', () => {
  it('an answer filed under "__proto__" is dropped: the answers stay a plain record', () => {
    const raw = stored();
    const text = JSON.stringify(raw).replace(
      '"answers":{',
      '"answers":{"__proto__":{"truth":"experian","identityTheft":true},',
    );
    const read = parseCheckup(JSON.parse(text))!;
    expect(Object.getPrototypeOf(read.answers)).toBe(Object.prototype);
    expect('truth' in read.answers).toBe(false);
    expect(read.answers).toEqual(raw.answers);
  });

  it('drops a left-out finding id no finding could have (over 200 characters), as it drops non-text', () => {
    const raw = { ...stored(), excluded: ['mismatch:a1:balance', 'x'.repeat(10_000), 7] };
    expect(parseCheckup(raw)?.excluded).toEqual(['mismatch:a1:balance']);
  });
});

describe('parseCheckup keeps what the hand-written reader accepted and refused', () => {
  it('anything but an object under a bureau is no column; a damaged column refuses the checkup', () => {
    const raw = stored();
    const columns = raw.accounts[0].reports;
    const read = parseCheckup({
      ...raw,
      accounts: [{ ...raw.accounts[0], reports: { ...columns, equifax: 'x', capital: {} } }],
    })!;
    expect(Object.keys(read.accounts[0]!.reports)).toEqual(
      Object.keys(columns).filter((bureau) => bureau !== 'equifax'),
    );
    const damaged = { ...columns.experian, balance: 'x'.repeat(21) };
    expect(
      parseCheckup({ ...raw, accounts: [{ ...raw.accounts[0], reports: { experian: damaged } }] }),
    ).toBeNull();
    expect(parseCheckup({ ...raw, accounts: [{ ...raw.accounts[0], reports: [] }] })).toBeNull();
  });

  it('answers that are not a record are none; a damaged answer refuses the checkup', () => {
    expect(parseCheckup({ ...stored(), answers: 'x' })?.answers).toEqual({});
    expect(parseCheckup({ ...stored(), answers: { x: [] } })).toBeNull();
    expect(parseCheckup({ ...stored(), answers: { ['x'.repeat(201)]: {} } })).toBeNull();
  });

  it('a checkup kept before answers: its right bureau is read into the answers, not kept', () => {
    const raw = stored();
    const account = raw.accounts[0];
    raw.accounts[0] = { ...account, rightBureau: { status: 'equifax', balance: 'nope' } };
    const read = parseCheckup(raw)!;
    expect(read.answers[`mismatch:${account.id}:status`]).toEqual({ truth: 'equifax' });
    expect(read.answers[`mismatch:${account.id}:balance`]).toBeUndefined();
    expect(read.accounts[0]).toEqual(account);
    expect(read.accounts[0]).not.toHaveProperty('rightBureau');
  });

  it('lists are bounded: more than 100 entries refuse the checkup', () => {
    const raw = stored();
    const many = Array.from({ length: 101 }, (_, index) => ({
      ...raw.personal[0],
      id: `p${index}`,
    }));
    expect(parseCheckup({ ...raw, personal: many })).toBeNull();
    expect(parseCheckup({ ...raw, personal: many.slice(0, 100) })?.personal).toHaveLength(100);
  });
});
