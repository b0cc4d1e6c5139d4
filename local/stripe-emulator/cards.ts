import { isEmailAddress } from '../../shared/email-address';

/**
 * Stripe's test cards and the messages Stripe Checkout shows for them. Only test numbers are
 * meaningful here; anything else that passes the Luhn check is treated like Stripe test mode
 * treats an unknown number: declined.
 */

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  email: string;
}

export interface AcceptedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardResult =
  | { ok: true; card: AcceptedCard }
  | { ok: false; field: keyof CardInput | 'card'; message: string; declineCode?: string };

const SUCCEEDING_CARDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
  '6011111111111117': 'discover',
};

const DECLINES: Record<string, { message: string; declineCode: string }> = {
  '4000000000000002': { message: 'Your card was declined.', declineCode: 'generic_decline' },
  '4000000000009995': {
    message: 'Your card has insufficient funds.',
    declineCode: 'insufficient_funds',
  },
  '4000000000009987': { message: 'Your card was declined.', declineCode: 'lost_card' },
  '4000000000000069': { message: 'Your card has expired.', declineCode: 'expired_card' },
  '4000000000000127': {
    message: "Your card's security code is incorrect.",
    declineCode: 'incorrect_cvc',
  },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkCard(input: CardInput, now = new Date()): CardResult {
  if (!isEmailAddress(input.email.trim())) {
    return { ok: false, field: 'email', message: 'Your email address is invalid.' };
  }
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 15) {
    return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  }
  if (!passesLuhn(number)) {
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  }
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  }
  if (expYear < now.getUTCFullYear()) {
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  }
  if (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  }
  if (!input.name.trim()) {
    return { ok: false, field: 'name', message: 'Your cardholder name is incomplete.' };
  }
  const decline = DECLINES[number];
  if (decline) return { ok: false, field: 'card', ...decline };
  const brand = SUCCEEDING_CARDS[number];
  if (!brand) {
    return {
      ok: false,
      field: 'card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      declineCode: 'test_mode_live_card',
    };
  }
  return { ok: true, card: { brand, last4: number.slice(-4), expMonth, expYear } };
}
