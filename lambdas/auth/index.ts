import { handle } from 'hono/aws-lambda';
import { createAuthApp } from './app';
import { readAuthConfig } from './config';

export const handler = handle(createAuthApp(readAuthConfig(process.env)));
