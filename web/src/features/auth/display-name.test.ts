import { describe, expect, it } from 'vitest';
import { displayName, signUpName } from './display-name';

describe('displayName', () => {
  it('uses the name metadata', () => {
    expect(displayName({ email: 'a@b.c', user_metadata: { name: ' Ana Ruiz ' } })).toBe('Ana Ruiz');
  });

  it('falls back to the part of the e-mail before the @', () => {
    expect(displayName({ email: 'ana.ruiz@example.com', user_metadata: {} })).toBe('ana.ruiz');
    expect(displayName({ email: 'ana@example.com', user_metadata: { name: '' } })).toBe('ana');
  });
});

describe('signUpName', () => {
  it('is the name metadata only, never the e-mail', () => {
    expect(signUpName({ user_metadata: { name: ' Ana Ruiz ' } })).toBe('Ana Ruiz');
    expect(signUpName({ user_metadata: {} })).toBe('');
    expect(signUpName({ user_metadata: { name: 7 } })).toBe('');
  });
});
