import { FEATURED_TESTIMONIALS, type Testimonial } from './featured-testimonials';

/** Static marketing samples: the home page's three, then the rest (the testimonials page). */
export const TESTIMONIALS: Testimonial[] = [
  ...FEATURED_TESTIMONIALS,
  {
    id: 4,
    name: 'Aisha M.',
    rating: 5,
    text: 'A late payment from nine years ago was still on my report. The letter cited the 7-year reporting period and the entry was removed.',
    result: 'Outdated late payment removed',
    scoreIncrease: 35,
  },
  {
    id: 5,
    name: 'Tom B.',
    rating: 5,
    text: 'My closed account was reported as open and past due. Clear instructions, the right address, and it was updated within six weeks.',
    result: 'Account status corrected',
    scoreIncrease: 19,
  },
  {
    id: 6,
    name: 'Priya S.',
    rating: 5,
    text: 'I was nervous about writing to a credit bureau. The letter sounded professional and cited the law, which gave me confidence.',
    result: 'Payment history corrected',
    scoreIncrease: 31,
  },
  {
    id: 7,
    name: 'James W.',
    rating: 5,
    text: 'The open date on my mortgage was wrong and made my credit history look shorter. Fixed after one dispute.',
    result: 'Account dates corrected',
    scoreIncrease: 14,
  },
  {
    id: 8,
    name: 'Linda G.',
    rating: 5,
    text: 'Five dollars for a letter that would have cost me much more elsewhere. Two inaccurate items were removed from my Equifax report.',
    result: 'Two inaccurate items removed',
    scoreIncrease: 38,
  },
  {
    id: 9,
    name: 'Carlos D.',
    rating: 5,
    text: 'An identity thief had opened an account in my name. The not-mine dispute letter plus my police report got it deleted.',
    result: 'Fraudulent account removed',
    scoreIncrease: 52,
  },
  {
    id: 10,
    name: 'Hannah L.',
    rating: 5,
    text: 'Simple form, instant preview and a letter I could edit. My student loan payment history now shows the on-time payments it was missing.',
    result: 'Missing on-time payments added',
    scoreIncrease: 17,
  },
];
