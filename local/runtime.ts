import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createAuthApp } from '../lambdas/auth/app';
import { readAuthConfig } from '../lambdas/auth/config';
import type { Env } from '../lambdas/common/env';
import { SECURITY_HEADERS } from '../shared/security-headers';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_TABLE_NAME } from './constants';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './ensure-table';
import { loadLocalSigningKeys } from './signing-keys';
import { createStaticSiteHandler } from './static-site';

export interface LocalRuntimeOptions {
  port: number;
  /** Where DynamoDB Local keeps its files; null keeps everything in memory. */
  dataDir: string | null;
  webDist: string;
  /** Extra settings for the handlers (e.g. rate limits for a test); they win over the defaults. */
  env?: Env;
}

export interface LocalRuntime {
  url: string;
  port: number;
  env: Env;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(port: number) {
    super(
      `Port ${port} is already in use. Stop whatever is using it or choose another: PORT=8788 npm start`,
    );
  }
}

function listen(app: Hono, port: number): Promise<ServerType> {
  return new Promise((resolveServer, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' });
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error),
    );
    server.once('listening', () => resolveServer(server));
  });
}

/**
 * The whole product on one port: the same Hono routers the Lambdas run, the built SPA with
 * the CloudFront security headers, and /config.json. Used by `npm start` and by tests.
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const root = new Hono();
  const server = await listen(root, options.port);
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const url = `http://localhost:${port}`;

  let dynamo: DynamoDbLocal | undefined;
  try {
    dynamo = await startDynamoDbLocal(options.dataDir ? { dataDir: options.dataDir } : {});
    const env: Env = {
      ...process.env,
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
      SITE_URL: url,
      ...(await loadLocalSigningKeys(options.dataDir)),
      ...options.env,
    };
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, env.TABLE_NAME!);
    client.destroy();

    root.use('*', async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    });
    root.get('/config.json', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ url, publishableKey: env.PUBLISHABLE_KEY });
    });
    root.route('/', createAuthApp(readAuthConfig(env)));
    root.on(['GET', 'HEAD'], '*', createStaticSiteHandler(options.webDist));

    const stopDynamo = dynamo;
    return {
      url,
      port,
      env,
      async stop() {
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await stopDynamo.stop();
      },
    };
  } catch (error) {
    server.close();
    await dynamo?.stop();
    throw error;
  }
}
