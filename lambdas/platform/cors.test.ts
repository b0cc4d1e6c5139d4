import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiCors, authCors } from './cors';

function appWith(middleware: ReturnType<typeof authCors>) {
  const app = new Hono();
  app.use('*', middleware);
  app.get('/', (c) => c.text('ok'));
  return app;
}

const fromOrigin = (origin: string, preflight = false) =>
  new Request('http://api.test/', {
    method: preflight ? 'OPTIONS' : 'GET',
    headers: { Origin: origin, ...(preflight ? { 'Access-Control-Request-Method': 'GET' } : {}) },
  });

describe('CORS', () => {
  it('answers ALLOWED_ORIGINS=* with a literal * and never with credentials', async () => {
    for (const middleware of [authCors(['*']), apiCors(['*'])]) {
      for (const preflight of [false, true]) {
        const response = await appWith(middleware).fetch(
          fromOrigin('https://evil.example', preflight),
        );
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      }
    }
  });

  it('echoes a listed origin (with credentials on the auth API) and ignores others', async () => {
    const auth = appWith(authCors(['https://app.example']));
    const listed = await auth.fetch(fromOrigin('https://app.example'));
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await auth.fetch(fromOrigin('https://evil.example'));
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const api = await appWith(apiCors(['https://app.example'])).fetch(
      fromOrigin('https://app.example'),
    );
    expect(api.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
