export interface Testimonial {
  id: number;
  name: string;
  rating: number;
  text: string;
  result: string;
  scoreIncrease: number;
}

/** Static marketing samples: the three the home page shows (its "Success Stories"). */
export const FEATURED_TESTIMONIALS: Testimonial[] = [
  {
    id: 1,
    name: 'Marcus T.',
    rating: 5,
    text: 'A collection account that was never mine had followed me for two years. The letter took me ten minutes and the bureau deleted it after their investigation.',
    result: 'Collection account removed',
    scoreIncrease: 41,
  },
  {
    id: 2,
    name: 'Elena R.',
    rating: 5,
    text: 'My car loan showed a balance I had already paid off. I attached my payoff statement, mailed the letter certified, and the balance was corrected.',
    result: 'Incorrect balance corrected',
    scoreIncrease: 28,
  },
  {
    id: 3,
    name: 'David K.',
    rating: 5,
    text: 'The same credit card was listed twice. One letter to each bureau and the duplicate was gone from all three reports.',
    result: 'Duplicate account removed',
    scoreIncrease: 22,
  },
];
