import { handleApiEvent } from '../platform/lambda-handler';
import { createStripeCheckoutApp } from './app';
import { readStripeCheckoutConfig } from './config';

export const handler = handleApiEvent(
  createStripeCheckoutApp(readStripeCheckoutConfig(process.env)),
);
