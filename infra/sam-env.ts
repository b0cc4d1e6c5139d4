/**
 * `npm run sam:env`: writes `sam-env/<LogicalId>.json`, the `--env-vars` file of each function of
 * the synthesized template, for `sam local invoke`. SAM gives a function only the variables its
 * template declares, resolving `Ref` to the logical id and every other intrinsic to an empty
 * string: this file puts the real values on top.
 *
 *   npm run sam:env -- --stack CreditDisputeLetters [--region eu-west-1]   (a deployed stack)
 *   npm run sam:env                                      (the local stack: `npm run sam:stack`)
 *
 * The local stack needs a template synthesized with `-c samLocal=true` (see `AppFunction`), whose
 * functions also declare the local-only variables (endpoints and secret values).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { LOCAL_TABLE_NAME } from '../local/constants';
import { isEntryPoint } from '../local/entry-point';
import { SAM_STACK } from '../local/sam-stack';
import { loadLocalSigningKeys } from '../local/signing-keys';
import { PLAN } from '../shared/plan';
import { REPO_ROOT } from './app-function';
import { STACK_NAME } from './stack';

/** The origin of the sample events under `events/`. */
export const EVENTS_SITE_URL = 'https://d111111abcdef8.cloudfront.net';
/** The local stack's origin-verify secret (`x-origin-verify` of a request through "CloudFront"). */
export const LOCAL_ORIGIN_VERIFY_SECRET = 'local-origin-verify';

export type Template = {
  Resources: Record<
    string,
    {
      Type: string;
      Properties?: { Handler?: string; Environment?: { Variables?: Record<string, unknown> } };
    }
  >;
};
export type EnvVarsFile = Record<string, Record<string, string>>;

/** A function's environment as SAM builds it from the template: `Ref` → logical id, other intrinsics → ''. */
export function samTemplateEnvironment(variables: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => {
      if (typeof value === 'string') return [name, value];
      const ref = (value as { Ref?: unknown } | null)?.Ref;
      return [name, typeof ref === 'string' ? ref : ''];
    }),
  );
}

/** The app's functions (bundled `index.handler`s, not the CDK's own) with their declared variables. */
export function templateFunctions(template: Template): Map<string, Record<string, unknown>> {
  const functions = new Map<string, Record<string, unknown>>();
  for (const [id, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    if (resource.Properties?.Handler !== 'index.handler') continue;
    const variables = resource.Properties?.Environment?.Variables;
    if (variables) functions.set(id, variables);
  }
  return functions;
}

/**
 * The `--env-vars` entries: for each function, the values it declares that `values` knows (SAM
 * ignores any other name). A variable the template resolves to an unusable value and `values`
 * lacks is an error, naming it.
 */
export function envVarsFor(template: Template, values: Record<string, string>): EnvVarsFile {
  const files: EnvVarsFile = {};
  for (const [id, variables] of templateFunctions(template)) {
    const entry: Record<string, string> = {};
    for (const [name, declared] of Object.entries(variables)) {
      if (name in values) entry[name] = values[name]!;
      else if (typeof declared !== 'string' && !name.endsWith('_SECRET_ARN')) {
        throw new Error(`No value for ${id} ${name} (declared as ${JSON.stringify(declared)})`);
      }
    }
    files[id] = entry;
  }
  return files;
}

/**
 * The local stack's values reach a function only if its template declares them: a template
 * synthesized without `-c samLocal=true` would send `sam local invoke` to the real AWS.
 */
export function assertSamLocalTemplate(template: Template, templatePath: string): void {
  const declaresLocal = [...templateFunctions(template).values()].some(
    (variables) => 'AWS_ENDPOINT_URL_DYNAMODB' in variables,
  );
  if (!declaresLocal) {
    throw new Error(
      `${templatePath} was synthesized without -c samLocal=true: its functions do not declare ` +
        'the local endpoints and secret values, so sam local invoke would reach AWS. Make one ' +
        'with: npm run synth -- -c stripePriceId=price_… -c samLocal=true (or pass --stack NAME ' +
        'for a deployed stack).',
    );
  }
}

/** What a deployed stack's outputs give each variable name. */
export function deployedValues(outputs: Record<string, string>): Record<string, string> {
  const needed = {
    TABLE_NAME: 'TableName',
    SITE_URL: 'SiteUrl',
    ALLOWED_ORIGINS: 'SiteUrl',
    JWT_PUBLIC_JWKS: 'JwtPublicJwks',
    JWT_SIGNING_KEYS_SECRET_ARN: 'JwtSigningKeysSecretArn',
    REFRESH_TOKEN_SECRET_SECRET_ARN: 'RefreshTokenSecretArn',
    STRIPE_SECRET_KEY_SECRET_ARN: 'StripeSecretKeySecretArn',
    STRIPE_WEBHOOK_SECRET_SECRET_ARN: 'StripeWebhookSecretSecretArn',
    ORIGIN_VERIFY_SECRET_SECRET_ARN: 'OriginVerifySecretArn',
  };
  const values = Object.fromEntries(
    Object.entries(needed).map(([name, output]) => {
      const value = outputs[output];
      if (!value)
        throw new Error(`The stack has no output ${output} (deployed before it existed?)`);
      return [name, value];
    }),
  );
  // Only a stack deployed with mailFrom has one (and its auth function declares it).
  if (outputs.SesConfigurationSet) values.SES_CONFIGURATION_SET = outputs.SesConfigurationSet;
  return values;
}

export interface LocalStack {
  /** DynamoDB Local as the container reaches it (`npm run sam:stack`, `--docker-network host`). */
  dynamodbUrl: string;
  stripeUrl: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** `JWT_SIGNING_KEYS`, `JWT_PUBLIC_JWKS` and `REFRESH_TOKEN_SECRET` of the local keys (`.data/`). */
  keys: { JWT_SIGNING_KEYS: string; JWT_PUBLIC_JWKS: string; REFRESH_TOKEN_SECRET: string };
  siteUrl: string;
  originVerifySecret: string;
}

/** The local stack's values: secrets given directly, endpoints of DynamoDB Local and the emulator. */
export function localValues(local: LocalStack): Record<string, string> {
  return {
    TABLE_NAME: LOCAL_TABLE_NAME,
    AWS_ENDPOINT_URL_DYNAMODB: local.dynamodbUrl,
    STRIPE_API_URL: local.stripeUrl,
    // The plan the emulator seeds (a deploy names the operator's own price).
    STRIPE_PRICE_ID: PLAN.priceId,
    STRIPE_SECRET_KEY: local.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: local.stripeWebhookSecret,
    ...local.keys,
    ORIGIN_VERIFY_SECRET: local.originVerifySecret,
    SITE_URL: local.siteUrl,
    ALLOWED_ORIGINS: local.siteUrl,
  };
}

export function writeEnvVarsFiles(dir: string, files: EnvVarsFile): string[] {
  mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([id, variables]) => {
    const file = path.join(dir, `${id}.json`);
    writeFileSync(file, `${JSON.stringify({ [id]: variables }, null, 2)}\n`, { mode: 0o600 });
    return file;
  });
}

async function stackOutputs(stackName: string, region?: string): Promise<Record<string, string>> {
  const client = new CloudFormationClient(region ? { region } : {});
  const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  return Object.fromEntries(
    (Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey!, output.OutputValue ?? '']),
  );
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      stack: { type: 'string' },
      region: { type: 'string' },
      template: { type: 'string', default: path.join('cdk.out', `${STACK_NAME}.template.json`) },
      out: { type: 'string', default: 'sam-env' },
      'dynamodb-url': { type: 'string', default: `http://127.0.0.1:${SAM_STACK.dynamodbPort}` },
      'stripe-url': { type: 'string', default: `http://127.0.0.1:${SAM_STACK.stripePort}` },
      // The site the sample events under events/ come from (their origin and redirect URLs).
      'site-url': { type: 'string', default: EVENTS_SITE_URL },
    },
  });
  const template = JSON.parse(readFileSync(path.resolve(args.template!), 'utf8')) as Template;
  if (!args.stack) assertSamLocalTemplate(template, args.template!);
  const values = args.stack
    ? deployedValues(await stackOutputs(args.stack, args.region))
    : localValues({
        dynamodbUrl: args['dynamodb-url']!,
        stripeUrl: args['stripe-url']!,
        stripeSecretKey: SAM_STACK.stripeSecretKey,
        stripeWebhookSecret: SAM_STACK.stripeWebhookSecret,
        keys: await loadLocalSigningKeys(path.join(REPO_ROOT, '.data')),
        siteUrl: args['site-url']!,
        originVerifySecret: LOCAL_ORIGIN_VERIFY_SECRET,
      });
  const files = envVarsFor(template, values);
  if (Object.keys(files).length === 0) {
    throw new Error(
      `${args.template} has no function of the app (index.handler): nothing to write`,
    );
  }
  for (const file of writeEnvVarsFiles(path.resolve(args.out!), files)) {
    console.log(path.relative(process.cwd(), file));
  }
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: Error) => {
    console.error(`sam:env: ${error.message}`);
    process.exit(1);
  });
}
