import { handle } from 'hono/aws-lambda';
import { createStripeCheckoutApp } from './app';
import { readStripeCheckoutConfig } from './config';

export const handler = handle(createStripeCheckoutApp(readStripeCheckoutConfig(process.env)));
