import { handle } from 'hono/aws-lambda';
import { createRestApp } from './app';
import { readRestConfig } from './config';

export const handler = handle(createRestApp(readRestConfig(process.env)));
