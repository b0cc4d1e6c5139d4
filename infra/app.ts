import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, App } from 'aws-cdk-lib';
import { PLAN } from '../shared/plan';
import { REPO_ROOT } from './app-function';
import { CreditDisputeLettersStack, DEFAULT_PUBLISHABLE_KEY, STACK_NAME } from './stack';

// cfn-lint checks the template in the tests; the built-in validator would add ~10 s of CPU per synth.
const app = new App({ builtinCloudFormationValidation: false });
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

const siteDir = path.join(REPO_ROOT, 'web', 'dist');
if (!existsSync(path.join(siteDir, 'index.html'))) {
  throw new Error(`No built SPA in ${siteDir}: run \`npm run build:web\` first.`);
}
const stripePriceId = context('stripePriceId');
if (!stripePriceId) throw new Error('Context stripePriceId is required (cdk.json or -c).');
const domainName = context('domainName');
const certificateArn = context('certificateArn');
if (Boolean(domainName) !== Boolean(certificateArn)) {
  throw new Error('Give both context domainName and certificateArn (us-east-1), or neither.');
}

const stack = new CreditDisputeLettersStack(app, STACK_NAME, {
  description: 'Credit Dispute Letters: CloudFront + S3 SPA, HTTP API + Lambdas, DynamoDB',
  siteDir,
  stripePriceId,
  publishableKey: context('publishableKey') ?? DEFAULT_PUBLISHABLE_KEY,
  jwtSigningKeysGeneration: context('jwtSigningKeysGeneration') ?? '1',
  customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
  alarmEmail: context('alarmEmail'),
  mailFrom: context('mailFrom'),
  supportEmail: context('supportEmail'),
  emailConfirmation: context('emailConfirmation') === 'true',
});

if (stripePriceId === PLAN.priceId) {
  Annotations.of(stack).addWarningV2(
    'credit-dispute-letters:stripePriceId',
    `stripePriceId is the local emulator's ${PLAN.priceId}; before deploying, set your own ` +
      'Stripe price: -c stripePriceId=price_… (or in cdk.json).',
  );
}
