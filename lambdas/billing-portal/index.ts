import { handleApiEvent } from '../platform/lambda-handler';
import { createBillingPortalApp } from './app';
import { readBillingPortalConfig } from './config';

export const handler = handleApiEvent(createBillingPortalApp(readBillingPortalConfig(process.env)));
