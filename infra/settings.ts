import { Token, type StackProps } from 'aws-cdk-lib';
import { isEmailAddress } from '../shared/email-address';
import { PLAN } from '../shared/plan';
import { senderAddress } from './identity';
import { regionProblems } from './regions';

export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

/** A CloudFront web ACL's ARN: WAFv2, us-east-1, `global` scope. */
const CLOUDFRONT_WEB_ACL_ARN =
  /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/;

export interface CreditDisputeLettersStackProps extends StackProps {
  /** The built SPA (`web/dist`): its entry HTML files plus content-hashed files under `assets/`. */
  siteDir: string;
  /** The plan's recurring price in the operator's Stripe account; synth fails without one. */
  stripePriceId: string;
  publishableKey: string;
  /**
   * Raise (context `jwtSigningKeysGeneration` in cdk.json) to rotate the JWT signing key on the
   * next deploy (the previous key keeps verifying). A whole number; a lower one changes nothing.
   */
  jwtSigningKeysGeneration: string;
  /**
   * Raise (context `jwtSigningKeysEmergencyGeneration` in cdk.json) to replace the signing key at
   * once: the previous keys only verify the tokens they signed until those expire (a leaked key).
   */
  jwtSigningKeysEmergencyGeneration?: string;
  /**
   * The table may still hold the layout before November 2026 (sessions and billing under
   * `USER#<id>`): the functions also read there, and may (context `legacyPartitions`, true in
   * cdk.json until scripts/migrate-partitions.ts has run; docs/deploy.md).
   */
  legacyPartitions?: boolean;
  /** Optional custom domain; the ACM certificate must be in us-east-1 (CloudFront). */
  customDomain?: { domainName: string; certificateArn: string };
  /** Optional address subscribed to the alarm topic (unset: a synth warning and a NextSteps line). */
  alarmEmail?: string;
  /** Monthly AWS cost budget in USD, reported to the alarm topic. Default `DEFAULT_MONTHLY_BUDGET_USD`. */
  monthlyBudgetUsd?: number;
  /**
   * The region the CDK CLI deploys this env-agnostic stack to (`CDK_DEFAULT_REGION`). It decides
   * whether the budget exists there, and synth refuses a region missing a type the stack needs.
   * Unset (tests): every type is assumed available.
   */
  deployRegion?: string;
  /**
   * Use this existing table (one a previous deployment retained) instead of creating one.
   * It is not managed by the stack: its settings stay as they are, and it outlives the stack.
   */
  existingTableName?: string;
  /**
   * Sender of auth e-mails (`Name <address>` or an address), an identity verified in SES in the
   * stack's region. Without it the auth function gets no SES permission (e-mails cannot be sent).
   */
  mailFrom?: string;
  /** The address the site shows for help (footer, /support); the SPA has a default. */
  supportEmail?: string;
  /**
   * Who runs the site, shown in the footer, /support, /privacy and /terms. Unset, the pages say
   * the operator has not given them, and the NextSteps output asks for them.
   */
  operatorName?: string;
  operatorAddress?: string;
  /** Deploy without `operatorName` and `operatorAddress` (a trial): the trust pages name no one. */
  allowAnonymousOperator?: boolean;
  /** Sign-up waits for the e-mailed confirmation link (off by default: the spec's sign-up → /payment). */
  emailConfirmation?: boolean;
  /**
   * An AWS WAF web ACL of scope CLOUDFRONT (so in us-east-1) for the distribution, e.g. one with a
   * rate-based rule per client IP (docs/deploy.md, WAF). Unset: no WAF.
   */
  webAclArn?: string;
}

/** Settings that would deploy a broken app; `cdk synth` stops on them with this message. */
export class StackSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Cannot synthesize the stack:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'StackSettingsError';
  }
}

function stripePriceProblems(props: CreditDisputeLettersStackProps): string[] {
  const priceId = props.stripePriceId.trim();
  if (!priceId) {
    return [
      'stripePriceId is not set. Create a recurring $5/month price in your Stripe account and ' +
        'pass its id: -c stripePriceId=price_… (or put "stripePriceId" in the context of cdk.json).',
    ];
  }
  if (priceId === PLAN.priceId) {
    return [
      `stripePriceId is the local Stripe emulator's ${PLAN.priceId}, which your Stripe account ` +
        'does not have: every checkout would fail. Pass your own price: -c stripePriceId=price_…',
    ];
  }
  return [];
}

/** A street line (with a number), then at least one more line: "1 Main St, Springfield, IL 62701". */
const POSTAL_ADDRESS = /^(?=[^,\n]*\d)(?=[^,\n]*[A-Za-z])[^,\n]+[,\n]\s*\S/;

function operatorProblems(props: CreditDisputeLettersStackProps): string[] {
  const problems: string[] = [];
  const name = props.operatorName;
  const address = props.operatorAddress;
  if (name !== undefined && !name.trim()) {
    problems.push('operatorName is empty: give the name of who runs the site, or leave it out');
  }
  if (address !== undefined && !POSTAL_ADDRESS.test(address.trim())) {
    problems.push(
      'operatorAddress must be a postal address starting with its street line, then the city: ' +
        `-c operatorAddress="1 Main St, Springfield, IL 62701", got "${address}"`,
    );
  }
  const missing = [
    ...(name === undefined ? ['operatorName'] : []),
    ...(address === undefined ? ['operatorAddress'] : []),
  ];
  if (missing.length && !props.allowAnonymousOperator) {
    problems.push(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: the footer, ` +
        '/support, /privacy and /terms must say who runs the site. Pass -c operatorName="…" -c ' +
        'operatorAddress="…", or -c allowAnonymousOperator=true for a trial that names no one.',
    );
  }
  return problems;
}

const WHOLE_NUMBER = /^\d+$/;

/** What is wrong with the settings, in the operator's words; empty when they can deploy. */
export function settingsProblems(props: CreditDisputeLettersStackProps): string[] {
  const problems = [...stripePriceProblems(props), ...operatorProblems(props)];
  for (const [name, value] of [
    ['jwtSigningKeysGeneration', props.jwtSigningKeysGeneration],
    ['jwtSigningKeysEmergencyGeneration', props.jwtSigningKeysEmergencyGeneration ?? '0'],
  ] as const) {
    if (!WHOLE_NUMBER.test(value)) {
      problems.push(`${name} must be a whole number (raise it to rotate), got "${value}"`);
    }
  }
  if (props.supportEmail !== undefined && !isEmailAddress(props.supportEmail)) {
    problems.push(
      `supportEmail must be an e-mail address like help@example.com, got "${props.supportEmail}"`,
    );
  }
  const certificateArn = props.customDomain?.certificateArn;
  if (certificateArn && !Token.isUnresolved(certificateArn)) {
    const region = /^arn:[^:]+:acm:([^:]*):/.exec(certificateArn)?.[1];
    if (region !== CLOUDFRONT_CERTIFICATE_REGION) {
      problems.push(
        `certificateArn must be an ACM certificate in ${CLOUDFRONT_CERTIFICATE_REGION} (the only ` +
          `region CloudFront takes certificates from); this one is ${region ? `in ${region}` : 'not an ACM ARN'}: ${certificateArn}`,
      );
    }
  }
  if (props.mailFrom && !/^[^@\s]+@[^@\s]+$/.test(senderAddress(props.mailFrom))) {
    problems.push(`mailFrom must contain an e-mail address, got "${props.mailFrom}"`);
  }
  if (props.emailConfirmation && !props.mailFrom) {
    problems.push('emailConfirmation needs mailFrom: confirmation links are sent by e-mail');
  }
  if (props.webAclArn && !CLOUDFRONT_WEB_ACL_ARN.test(props.webAclArn)) {
    problems.push(
      'webAclArn must be a WAFv2 web ACL of scope CLOUDFRONT (arn:aws:wafv2:us-east-1:<account>:' +
        `global/webacl/<name>/<id>), got "${props.webAclArn}"`,
    );
  }
  const budget = props.monthlyBudgetUsd;
  if (budget !== undefined && !(Number.isFinite(budget) && budget > 0)) {
    problems.push(`monthlyBudgetUsd must be a positive number of US dollars, got ${budget}`);
  }
  if (props.deployRegion) {
    problems.push(
      ...regionProblems(props.deployRegion, {
        budgetAsked: budget !== undefined,
        sendsMail: Boolean(props.mailFrom),
      }),
    );
  }
  return problems;
}
