import { Hono } from 'hono';
import type { AuthConfig } from './config';

export const AUTH_BASE_PATH = '/auth/v1';

export function createAuthApp(_config: AuthConfig) {
  const app = new Hono().basePath(AUTH_BASE_PATH);

  app.get('/health', (c) =>
    c.json({
      version: '0.1.0',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );

  return app;
}
