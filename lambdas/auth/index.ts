// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { readAuthConfig } from './config';
import { createAuthApp } from './router';

export const handler = handleApiEvent(createAuthApp(readAuthConfig(process.env)));
