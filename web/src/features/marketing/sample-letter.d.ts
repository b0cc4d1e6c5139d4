/** Made at build time by web/build/sample-letter.ts from the letter engine. */
declare module 'virtual:sample-letter' {
  const sample: {
    excerpt: string;
    bureaus: { id: string; name: string; mailingAddress: string }[];
    fcraBasis: { id: string; citation: string; requirement: string }[];
    /** How many error types the generator offers. */
    disputeTypes: number;
  };
  export default sample;
}
