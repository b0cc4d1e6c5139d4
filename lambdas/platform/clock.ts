/** Epoch milliseconds. Injected wherever time decides something, so tests move it instead of sleeping. */
export type Clock = () => number;

/** The real time, for production entries and the local server. */
export const systemClock: Clock = () => Date.now();
