/** The one route table: every link and redirect in the app names its target from here. */
export const paths = {
  home: '/',
  tools: '/tools',
  disputeGenerator: '/disputegenerator',
  disputes: '/disputes',
  checkup: '/checkup',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  faq: '/faq',
  testimonials: '/testimonials',
  payment: '/payment',
  success: '/success',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** /auth in create-account mode: every sign-up call to action opens it. */
export const signUpPath = `${paths.auth}?mode=signup`;

/** /auth with the way back to `returnTo` once signed in. */
export const signInPath = (returnTo: string) =>
  `${paths.auth}?next=${encodeURIComponent(returnTo)}`;
