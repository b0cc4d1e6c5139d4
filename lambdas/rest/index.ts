// One per function folder: the Lambda entry that CDK bundles.
import { handleApiEvent } from '../platform/lambda-handler';
import { createRestApp } from './app';
import { readRestConfig } from './config';

export const handler = handleApiEvent(createRestApp(readRestConfig(process.env)));
