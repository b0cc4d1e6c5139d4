/** The refund rule as the home page's billing policy states it (also on /support). */
export const REFUND_RULE = 'Full refund within 24 hours of payment if no letters were generated.';

/** Beside every marketing statistic (FTC endorsement guidance): no figure reads as a promise. */
export const CLAIMS_NOTE = 'Results vary; figures are illustrative';
