import { Token, type StackProps } from 'aws-cdk-lib';
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
  /** Bump to rotate the JWT signing key on the next deploy (the previous key keeps verifying). */
  jwtSigningKeysGeneration: string;
  /**
   * Bump (context `jwtSigningKeysEmergencyGeneration`) to replace the signing key at once: the
   * previous keys only verify the tokens they signed until those expire (a leaked key).
   */
  jwtSigningKeysEmergencyGeneration?: string;
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
  /** E-mail reminders a day in all (their own share of the SES quota); default 200. */
  remindersDailyBudget?: number;
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

/** What is wrong with the settings, in the operator's words; empty when they can deploy. */
export function settingsProblems(props: CreditDisputeLettersStackProps): string[] {
  const problems = stripePriceProblems(props);
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
  const reminders = props.remindersDailyBudget;
  if (reminders !== undefined && !(Number.isInteger(reminders) && reminders > 0)) {
    problems.push(`remindersDailyBudget must be a whole number above 0, got ${reminders}`);
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
