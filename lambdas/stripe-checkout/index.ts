// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { createStripeCheckoutApp } from './app';
import { readPaymentFunctionConfig } from '../billing/payment-function';

export const handler = handleApiEvent(
  createStripeCheckoutApp(readPaymentFunctionConfig(process.env)),
);
