import type { MiddlewareHandler } from 'hono';

/**
 * Refuses a request whose `Host` is not this server by a loopback name (`localhost`,
 * `127.0.0.1`, `[::1]`, or the address it was asked to listen on) and its port. A page on
 * another site that re-points its own name at 127.0.0.1 (DNS rebinding) sends its own name, so
 * it can never read `/_dev/mail`, which holds every code and link.
 */
export function requireLocalHost(port: number, listenHost: string): MiddlewareHandler {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  if (listenHost !== '0.0.0.0' && listenHost !== '::' && !names.includes(listenHost)) {
    names.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  }
  const allowed = new Set(names.map((name) => `${name}:${port}`));
  return async (c, next) => {
    const host = c.req.header('host')?.toLowerCase();
    if (!host || !allowed.has(host)) {
      return c.text(`Refused: open this server at http://localhost:${port}`, 421);
    }
    await next();
  };
}
