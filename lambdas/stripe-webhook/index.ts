import { handle } from 'hono/aws-lambda';
import { createStripeWebhookApp } from './app';
import { readStripeWebhookConfig } from './config';

export const handler = handle(createStripeWebhookApp(readStripeWebhookConfig(process.env)));
