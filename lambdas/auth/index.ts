import { handleApiEvent } from '../common/lambda-handler';
import { createAuthApp } from './app';
import { readAuthConfig } from './config';

export const handler = handleApiEvent(createAuthApp(readAuthConfig(process.env)));
