import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', 'support@creditdisputeletters.com'])(
    'accepts %s',
    (email) => expect(isEmailAddress(email)).toBe(true),
  );
  it.each(['help', 'help@localhost', 'a @b.co', 'a@b@c.co', '@b.co', 'a@.', ''])(
    'refuses %j',
    (email) => expect(isEmailAddress(email)).toBe(false),
  );
});
