import { serve, type ServerType } from '@hono/node-server';

type Fetch = Parameters<typeof serve>[0]['fetch'];

/** Serves `fetch` over real HTTP on a free port of 127.0.0.1, as a test's stand-in or stack. */
export async function serveOnFreePort(fetch: Fetch) {
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  return {
    server,
    url,
    /** Closes the server with its kept-alive sockets, so a test file's end never waits on them. */
    stop: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
