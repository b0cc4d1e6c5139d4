// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { createStripeWebhookApp } from './app';
import { readStripeWebhookConfig } from './config';

export const handler = handleApiEvent(createStripeWebhookApp(readStripeWebhookConfig(process.env)));
