import { existsSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from './app-function';
import {
  CreditDisputeLettersStack,
  DEFAULT_PUBLISHABLE_KEY,
  STACK_NAME,
  StackSettingsError,
} from './stack';

// cfn-lint checks the template in the tests; the built-in validator would add ~10 s of CPU per synth.
const app = new App({ builtinCloudFormationValidation: false });
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};
/** A setting given empty (`-c operatorName=`) is kept as '', so the synth can refuse it. */
const given = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' ? value.trim() : undefined;
};
/** `true` in cdk.json, or `-c name=true`. */
const flag = (key: string): boolean => String(app.node.tryGetContext(key)) === 'true';

const siteDir = path.join(REPO_ROOT, 'web', 'dist');
if (!existsSync(path.join(siteDir, 'index.html'))) {
  throw new Error(`No built SPA in ${siteDir}: run \`npm run build:web\` first.`);
}
const domainName = context('domainName');
const certificateArn = context('certificateArn');
const monthlyBudgetUsd = context('monthlyBudgetUsd');

try {
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new StackSettingsError([
      'Give both context domainName and certificateArn (us-east-1), or neither.',
    ]);
  }
  new CreditDisputeLettersStack(app, STACK_NAME, {
    description: 'Credit Dispute Letters: CloudFront + S3 SPA, HTTP API + Lambdas, DynamoDB',
    siteDir,
    stripePriceId: context('stripePriceId') ?? '',
    publishableKey: context('publishableKey') ?? DEFAULT_PUBLISHABLE_KEY,
    // Both live in cdk.json: a later deploy reads what the last one used (docs/operations.md).
    jwtSigningKeysGeneration: context('jwtSigningKeysGeneration') ?? '1',
    jwtSigningKeysEmergencyGeneration: context('jwtSigningKeysEmergencyGeneration'),
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alarmEmail: context('alarmEmail'),
    monthlyBudgetUsd: monthlyBudgetUsd === undefined ? undefined : Number(monthlyBudgetUsd),
    existingTableName: context('existingTableName'),
    mailFrom: context('mailFrom'),
    supportEmail: given('supportEmail'),
    operatorName: given('operatorName'),
    operatorAddress: given('operatorAddress'),
    allowAnonymousOperator: flag('allowAnonymousOperator'),
    emailConfirmation: flag('emailConfirmation'),
    legacyPartitions: flag('legacyPartitions'),
    webAclArn: context('webAclArn'),
    // The CDK CLI passes the region it deploys this env-agnostic stack to.
    deployRegion: process.env.CDK_DEFAULT_REGION,
  });
} catch (error) {
  if (!(error instanceof StackSettingsError)) throw error;
  // The operator's mistake, not a bug: the message alone, no stack trace.
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
