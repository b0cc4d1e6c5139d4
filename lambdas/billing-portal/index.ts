import { handle } from 'hono/aws-lambda';
import { createBillingPortalApp } from './app';
import { readBillingPortalConfig } from './config';

export const handler = handle(createBillingPortalApp(readBillingPortalConfig(process.env)));
