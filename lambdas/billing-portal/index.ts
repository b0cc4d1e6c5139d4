// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { createBillingPortalApp } from './app';
import { readPaymentFunctionConfig } from '../billing/payment-function';

export const handler = handleApiEvent(
  createBillingPortalApp(readPaymentFunctionConfig(process.env)),
);
