// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { createSyncApp } from './app';
import { readSyncConfig } from './config';

export const handler = handleApiEvent(createSyncApp(readSyncConfig(process.env)));
