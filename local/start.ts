import { DATA_DIR, DEFAULT_PORT } from './constants';

// Powertools' local mode: the Lambdas' log records printed indented, for reading (no metrics).
process.env.POWERTOOLS_DEV ??= 'true';
process.env.POWERTOOLS_SERVICE_NAME ??= 'local';
const { JavaMissingError } = await import('./dynamodb-local');
const { PortInUseError, startLocalRuntime } = await import('./runtime');

const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

try {
  const runtime = await startLocalRuntime({
    port,
    // `HOST=0.0.0.0` opens it to the network (the dev mailbox too); loopback by default.
    host: process.env.HOST || undefined,
    // `DATA_DIR=:memory:` keeps nothing: DynamoDB Local in memory (benchmarks, throwaway demos).
    dataDir: process.env.DATA_DIR === ':memory:' ? null : (process.env.DATA_DIR ?? DATA_DIR),
    webDist: 'web/dist',
  });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  console.log(`Ready: ${runtime.url}`);
} catch (error) {
  if (error instanceof JavaMissingError || error instanceof PortInUseError) {
    console.error(error.message);
  } else {
    console.error('Could not start the local runtime:', error);
  }
  process.exit(1);
}
