import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * How every Lambda of the app is bundled: the project's own esbuild (no Docker), ESM, minified,
 * with source maps. Everything is bundled, the AWS SDK v3 clients and Powertools included, so a
 * function runs the SDK version the lock file names, never the runtime's copy.
 * The banner gives ESM bundles a `require` for the CommonJS dependencies that use one.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  externalModules: [],
  banner: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
};

/** Entries are given relative to it, so synth works from any working directory. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface AppFunctionProps {
  /** A stable CloudFormation logical id, e.g. for `sam local invoke <logicalId>`. */
  logicalId: string;
  /** The handler module, relative to the repository root (e.g. `lambdas/auth/index.ts`). */
  entry: string;
  description: string;
  environment?: Record<string, string>;
  /** Default 512 MB: enough CPU for JSON + TLS; bcrypt-heavy functions ask for more. */
  memorySize?: number;
  /** Default 10 s, well under API Gateway's 30 s integration limit. */
  timeout?: Duration;
}

/**
 * The one place that holds the defaults of every function of the app: Node 24 on arm64,
 * bundled as above, logs kept for a month in a log group owned by the stack, source maps on.
 * Grants are not defaults: each caller grants its function exactly what it uses.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: path.join(REPO_ROOT, props.entry),
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      bundling: LAMBDA_BUNDLING,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
    });
    (this.node.defaultChild as CfnFunction).overrideLogicalId(props.logicalId);
  }
}
