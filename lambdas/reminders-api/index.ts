// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { createRemindersApp } from './app';
import { readRemindersApiConfig } from './config';

export const handler = handleApiEvent(createRemindersApp(readRemindersApiConfig(process.env)));
