import { handleApiEvent } from '../common/lambda-handler';
import { createBillingPortalApp } from './app';
import { readBillingPortalConfig } from './config';

export const handler = handleApiEvent(createBillingPortalApp(readBillingPortalConfig(process.env)));
