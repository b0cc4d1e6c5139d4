import path from 'node:path';
import {
  Annotations,
  Aws,
  CfnOutput,
  CfnResource,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
  type CfnElement,
  type StackProps,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, LogGroupLogDestination, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  S3OriginAccessControl,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  AttributeType,
  BillingMode,
  Operation,
  Table,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { STRIPE_API_VERSION } from '../lambdas/billing/stripe-client';
import { TABLE_DEFINITION } from '../lambdas/platform/table-definition';
import { SYNCED_EVENT_TYPES } from '../lambdas/billing/stripe-events';
import { PLAN } from '../shared/plan';
import {
  CUSTOM_SECURITY_HEADERS,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../shared/security-headers';
import { ENTRY_FILES, NOT_FOUND_HTML, ROUTE_ENTRY_FILES } from '../shared/site-entry';
import {
  API_FUNCTIONS,
  DEFAULT_THROTTLE,
  functionLogicalId,
  tableStatements,
  type SecretName,
} from './api-functions';
import { AppFunction, LOG_RETENTION } from './app-function';
import { JwtSigningKeys } from './jwt-signing-keys';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-authorizer';
import { StripeReconciliation } from './reconciliation';

export interface CreditDisputeLettersStackProps extends StackProps {
  /** The built SPA (`web/dist`): its entry HTML files plus content-hashed files under `assets/`. */
  siteDir: string;
  /** The plan's recurring price in the operator's Stripe account; synth fails without one. */
  stripePriceId: string;
  publishableKey: string;
  /** Bump to rotate the JWT signing key on the next deploy (the previous key keeps verifying). */
  jwtSigningKeysGeneration: string;
  /**
   * Bump (context `jwtSigningKeysEmergencyGeneration`) to replace the signing key and drop every
   * previous one at once: tokens they signed stop verifying (a leaked key). Unset: never used.
   */
  jwtSigningKeysEmergencyGeneration?: string;
  /** Optional custom domain; the ACM certificate must be in us-east-1 (CloudFront). */
  customDomain?: { domainName: string; certificateArn: string };
  /** Optional address subscribed to the alarm topic (unset: a synth warning and a NextSteps line). */
  alarmEmail?: string;
  /** Monthly AWS cost budget in USD, reported to the alarm topic. Default `DEFAULT_MONTHLY_BUDGET_USD`. */
  monthlyBudgetUsd?: number;
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
  /** Sign-up waits for the e-mailed confirmation link (off by default: the spec's sign-up → /payment). */
  emailConfirmation?: boolean;
  /**
   * An AWS WAF web ACL of scope CLOUDFRONT (so in us-east-1) for the distribution, e.g. one with a
   * rate-based rule per client IP (README, WAF). Unset: no WAF.
   */
  webAclArn?: string;
}

/** A CloudFront web ACL's ARN: WAFv2, us-east-1, `global` scope. */
const CLOUDFRONT_WEB_ACL_ARN =
  /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/;

/** The address of a sender written `Name <address>` or as the address alone. */
function senderAddress(mailFrom: string): string {
  return (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

/** Settings that would deploy a broken app; `cdk synth` stops on them with this message. */
export class StackSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Cannot synthesize the stack:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'StackSettingsError';
  }
}

/** What is wrong with the settings, in the operator's words; empty when they can deploy. */
export function settingsProblems(props: CreditDisputeLettersStackProps): string[] {
  const problems: string[] = [];
  const priceId = props.stripePriceId.trim();
  if (!priceId) {
    problems.push(
      'stripePriceId is not set. Create a recurring $5/month price in your Stripe account and ' +
        'pass its id: -c stripePriceId=price_… (or put "stripePriceId" in the context of cdk.json).',
    );
  } else if (priceId === PLAN.priceId) {
    problems.push(
      `stripePriceId is the local Stripe emulator's ${PLAN.priceId}, which your Stripe account ` +
        'does not have: every checkout would fail. Pass your own price: -c stripePriceId=price_…',
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
  return problems;
}

export const STACK_NAME = 'CreditDisputeLetters';
export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';
export const DEFAULT_MONTHLY_BUDGET_USD = 10;
/** How long CloudFront's standard logs (viewer IPs) stay in their bucket: as long as the Lambda logs. */
export const CLOUDFRONT_LOG_DAYS: number = LOG_RETENTION;
/** The publishable key of AWS deployments unless context `publishableKey` names another. */
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_credit_dispute_letters';

export const API_PATH_PATTERNS = ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*'] as const;
export const STRIPE_WEBHOOK_ROUTE = 'POST /functions/v1/stripe-webhook';
export const ORIGIN_VERIFY_LOGICAL_ID = 'OriginVerifyFunction';
export const HASHED_ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A path without a file extension is a client-side route: CloudFront serves each route its
 * prerendered page and any other path the not-found page (as shared/site-entry.ts `entryHtmlFor`).
 */
const SPA_FALLBACK_CODE = `var ENTRIES = ${JSON.stringify(ROUTE_ENTRY_FILES)};
function handler(event) {
  var request = event.request;
  var route = request.uri.length > 1 ? request.uri.replace(/\\/+$/, '') : request.uri;
  if (Object.prototype.hasOwnProperty.call(ENTRIES, route)) request.uri = '/' + ENTRIES[route];
  else if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/${NOT_FOUND_HTML}';
  return request;
}`;

/**
 * The header that carries the viewer's IP to the API (`CLIENT_IP_HEADER` of the functions that
 * limit per IP). Our own name, so only the stack's viewer-request function writes it: it replaces
 * any copy the viewer sent with `event.viewer.ip`, and the origin-verify authorizer turns away
 * requests that did not come through CloudFront.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

const VIEWER_IP_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

function enumValue<T extends Record<string, string>>(values: T, value: string): T[keyof T] {
  const found = Object.values(values).find((candidate) => candidate === value);
  if (!found) throw new Error(`Unsupported header value for CloudFront: ${value}`);
  return found as T[keyof T];
}

/**
 * A name for a resource whose names are unique per account, not per region (CloudFront's
 * response-headers policies and origin access controls): the region in it lets a second copy of
 * the stack deploy in another region.
 */
function regionalName(scope: Construct, id: string, maxLength: number): string {
  // `Aws.REGION` resolves at deploy; the longest region name has 14 characters.
  const stackName = Stack.of(scope).stackName.slice(0, maxLength - id.length - 16);
  return `${stackName}-${id}-${Aws.REGION}`;
}

/** The CloudFront response-headers policy, from the same values the local server sends. */
function securityHeadersPolicy(scope: Construct): ResponseHeadersPolicy {
  const maxAge = /max-age=(\d+)/.exec(STRICT_TRANSPORT_SECURITY)?.[1];
  if (!maxAge) throw new Error('STRICT_TRANSPORT_SECURITY needs a max-age');
  if (SECURITY_HEADERS['X-Content-Type-Options'] !== 'nosniff') {
    throw new Error('CloudFront can only send X-Content-Type-Options: nosniff');
  }
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    responseHeadersPolicyName: regionalName(scope, 'SecurityHeaders', 128),
    comment: 'CSP without inline scripts, HSTS, nosniff, frame DENY, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: SECURITY_HEADERS['Content-Security-Policy'],
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(Number(maxAge)),
        includeSubdomains: /includeSubDomains/i.test(STRICT_TRANSPORT_SECURITY),
        preload: /preload/i.test(STRICT_TRANSPORT_SECURITY),
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: {
        frameOption: enumValue(HeadersFrameOption, SECURITY_HEADERS['X-Frame-Options']),
        override: true,
      },
      referrerPolicy: {
        referrerPolicy: enumValue(HeadersReferrerPolicy, SECURITY_HEADERS['Referrer-Policy']),
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: CUSTOM_SECURITY_HEADERS.map((header) => ({
        header,
        value: SECURITY_HEADERS[header],
        override: true,
      })),
    },
  });
}

/**
 * The whole product: CloudFront in front of a private S3 bucket (the SPA and /config.json) and
 * of an HTTP API whose routes go to one Lambda per API area, one DynamoDB table, secrets in
 * Secrets Manager, and alarms.
 */
export class CreditDisputeLettersStack extends Stack {
  constructor(scope: Construct, id: string, props: CreditDisputeLettersStackProps) {
    // Before anything is built (or bundled): a wrong setting fails the synth at once.
    const problems = settingsProblems(props);
    if (problems.length > 0) throw new StackSettingsError(problems);
    super(scope, id, props);
    if (!props.alarmEmail) {
      Annotations.of(this).addWarningV2(
        'credit-dispute-letters:alarmEmail',
        'alarmEmail is not set: alarms go to an SNS topic nobody reads. Pass ' +
          '-c alarmEmail=you@example.com, or subscribe later (the NextSteps output says how).',
      );
    }

    // ── Data and secrets ──────────────────────────────────────────────────────────────────
    // Kept when the stack is deleted, and protected from deletion by anyone; a later copy of the
    // stack re-attaches it with context `existingTableName` (README, Teardown).
    const table: ITable = props.existingTableName
      ? Table.fromTableName(this, 'Table', props.existingTableName)
      : new Table(this, 'Table', {
          partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
          sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
          billingMode: BillingMode[TABLE_DEFINITION.billingMode],
          timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
          deletionProtection: true,
          removalPolicy: RemovalPolicy.RETAIN,
        });

    const jwtKeys = new JwtSigningKeys(this, 'JwtSigningKeys', {
      generation: props.jwtSigningKeysGeneration,
      emergencyGeneration: props.jwtSigningKeysEmergencyGeneration,
    });
    // The refresh-token MAC key, its own secret: a leaked signing key forges no refresh token.
    const refreshTokenSecret = new Secret(this, 'RefreshTokenSecret', {
      description: 'REFRESH_TOKEN_SECRET: the refresh-token MAC key (README, Secrets)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(refreshTokenSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by the operator with put-secret-value: "<new> <old>" keeps sessions refreshing, ' +
        'the new value alone ends them (README, Secrets); a scheduled rotation would end them all.',
    });
    const secrets: Record<SecretName, Secret> = {
      JWT_SIGNING_KEYS: jwtKeys.secret,
      REFRESH_TOKEN_SECRET: refreshTokenSecret,
      // Created with a random placeholder; the operator puts the real values after deploy.
      STRIPE_SECRET_KEY: new Secret(this, 'StripeSecretKey', {
        description: 'STRIPE_SECRET_KEY (sk_live_… / sk_test_…); set by the operator',
      }),
      STRIPE_WEBHOOK_SECRET: new Secret(this, 'StripeWebhookSecret', {
        description: 'STRIPE_WEBHOOK_SECRET (whsec_…) of the webhook endpoint; set by the operator',
      }),
    };
    const originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront adds to API requests`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const stripeRotation =
      'Stripe issues this value: it is rotated in the Stripe Dashboard (roll the key or the ' +
      'endpoint secret) and put here (README, Secrets); Secrets Manager cannot rotate it.';
    Validations.of(secrets.STRIPE_SECRET_KEY).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: stripeRotation,
    });
    Validations.of(secrets.STRIPE_WEBHOOK_SECRET).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: stripeRotation,
    });
    Validations.of(originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront copies the value only when the distribution deploys: a scheduled rotation ' +
        'would lock CloudFront out of the API until the next deploy.',
    });
    // Every function role, the CDK's own handlers' included.
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'AWSLambdaBasicExecutionRole only lets a function write its logs (CreateLogGroup, ' +
        'CreateLogStream, PutLogEvents): the documented minimum for any Lambda.',
    });

    // ── HTTP API, reachable only through CloudFront ───────────────────────────────────────
    const originVerifier = new AppFunction(this, 'OriginVerify', {
      logicalId: ORIGIN_VERIFY_LOGICAL_ID,
      entry: 'infra/origin-verify-authorizer.ts',
      description: `Lets through only requests carrying CloudFront's ${ORIGIN_VERIFY_HEADER}`,
      memorySize: 256,
      environment: { ORIGIN_VERIFY_SECRET_SECRET_ARN: originVerifySecret.secretArn },
    });
    originVerifySecret.grantRead(originVerifier);

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const api = new HttpApi(this, 'Api', {
      description: 'Credit Dispute Letters API (behind CloudFront)',
      createDefaultStage: false,
      defaultAuthorizer: new HttpLambdaAuthorizer('OriginVerify', originVerifier, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
        resultsCacheTtl: Duration.hours(1),
      }),
    });
    const stage = api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          '{"requestId":"$context.requestId","routeKey":"$context.routeKey",' +
            '"status":$context.status,"latencyMs":$context.responseLatency,' +
            '"integrationError":"$context.integrationErrorMessage"}',
        ),
      },
    });

    // ── Edge: private bucket + CloudFront ─────────────────────────────────────────────────
    const bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only build output lives here: rebuildable, so it goes with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Only CloudFront reads it (OAC), and CloudFront's standard logs record every request; " +
        'only the deploy writes it.',
    });

    // CloudFront's standard logs (who asked for what), kept as long as the Lambda logs.
    const logBucket = new Bucket(this, 'CloudFrontLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's legacy log delivery writes through an ACL grant.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [
        {
          expiration: Duration.days(CLOUDFRONT_LOG_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'It is the log bucket: logging its own access would log the log deliveries.',
    });

    const headersPolicy = securityHeadersPolicy(this);
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerifySecret.secretValue.unsafeUnwrap() },
    });
    const apiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Every viewer header, and the viewer IP header the function below writes.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headersPolicy,
      functionAssociations: [
        {
          eventType: FunctionEventType.VIEWER_REQUEST,
          function: new CloudFrontFunction(this, 'ViewerIp', {
            comment: `Sets ${VIEWER_IP_HEADER} to the viewer's IP, replacing any viewer copy`,
            runtime: FunctionRuntime.JS_2_0,
            code: FunctionCode.fromInline(VIEWER_IP_CODE),
          }),
        },
      ],
    };
    const distribution = new Distribution(this, 'Distribution', {
      comment: 'Credit Dispute Letters',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.customDomain.certificateArn,
            ),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteOriginAccessControl', {
            originAccessControlName: regionalName(this, 'SiteOAC', 64),
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headersPolicy,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new CloudFrontFunction(this, 'SpaFallback', {
              comment: 'Serves index.html for client-side routes (default behaviour only)',
              runtime: FunctionRuntime.JS_2_0,
              code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
            }),
          },
        ],
      },
      additionalBehaviors: Object.fromEntries(
        API_PATH_PATTERNS.map((pattern) => [pattern, apiBehavior]),
      ),
    });
    const siteUrl = `https://${props.customDomain?.domainName ?? distribution.distributionDomainName}`;
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No country is barred from the product; a geo restriction would only lock out ' +
        'consumers who are travelling.',
    });
    if (!props.webAclArn) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'AWS WAF costs $5 a month plus $1 a rule, above what this app costs at rest: it is ' +
          'offered (context webAclArn, README); the API throttles each auth route on its own, ' +
          'the auth function limits per client IP, and the site is static.',
      });
    }
    if (!props.customDomain) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, ' +
          'whose minimum protocol it fixes itself; with domainName the stack sets TLSv1.2_2021.',
      });
    }

    // ── Functions and routes ──────────────────────────────────────────────────────────────
    const alarmTopic = new Topic(this, 'Alarms', {
      displayName: 'Credit Dispute Letters alarms',
      enforceSSL: true,
    });
    Validations.of(alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm and budget notifications carry no personal data. CloudWatch and AWS Budgets cannot ' +
        'publish to a topic under the AWS-managed SNS key, and a customer key costs $1 a month.',
    });
    if (props.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const alarmAction = new SnsAction(alarmTopic);
    const fiveMinuteSum = { period: Duration.minutes(5), statistic: 'Sum' };
    /** Fires when a 5-minute figure reaches `threshold`; the topic hears it fire and clear. */
    const alarm = (alarmId: string, metric: IMetric, alarmDescription: string, threshold = 1) => {
      const created = new Alarm(this, alarmId, {
        metric,
        alarmDescription,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(alarmAction);
      created.addOkAction(alarmAction);
    };

    // The authorizer fronts every route: if it throws, every request gets 500.
    alarm(
      'OriginVerifyErrors',
      originVerifier.metricErrors(fiveMinuteSum),
      'The origin-verify authorizer threw: every API request fails',
    );
    alarm(
      'OriginVerifyThrottles',
      originVerifier.metricThrottles(fiveMinuteSum),
      'The origin-verify authorizer was throttled (account concurrency)',
    );

    const sender = props.mailFrom ? senderAddress(props.mailFrom) : undefined;
    /**
     * Per route key, its own throttle (`ApiRoute.throttle`, sized in `api-functions.ts`). The
     * property is a plain JSON map: CloudFormation's own names, written as they are.
     */
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    > = {};
    (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
    for (const spec of API_FUNCTIONS) {
      const environment: Record<string, string> = { TABLE_NAME: table.tableName };
      if (spec.browserFacing) {
        environment.PUBLISHABLE_KEY = props.publishableKey;
        environment.SITE_URL = siteUrl;
        environment.ALLOWED_ORIGINS = siteUrl;
      }
      // Trustworthy only because the origin-verify authorizer keeps direct callers out.
      if (spec.rateLimitsByIp) environment.CLIENT_IP_HEADER = VIEWER_IP_HEADER;
      if (spec.verifiesAccessTokens) environment.JWT_PUBLIC_JWKS = jwtKeys.publicJwks;
      if (spec.usesStripe) environment.STRIPE_PRICE_ID = props.stripePriceId;
      if (spec.sendsEmail && props.mailFrom) environment.MAIL_FROM = props.mailFrom;
      if (spec.sendsEmail && props.emailConfirmation) environment.AUTH_AUTOCONFIRM = 'false';
      for (const name of spec.secrets) environment[`${name}_SECRET_ARN`] = secrets[name].secretArn;

      const fn = new AppFunction(this, spec.id, {
        logicalId: functionLogicalId(spec),
        entry: spec.entry,
        description: spec.description,
        memorySize: spec.memorySize,
        timeout: spec.timeoutSeconds ? Duration.seconds(spec.timeoutSeconds) : undefined,
        environment,
      });
      for (const statement of tableStatements(table, spec.table)) fn.addToRolePolicy(statement);
      for (const name of spec.secrets) secrets[name].grantRead(fn);
      if (spec.sendsEmail && sender) {
        // SES authorizes SendEmail against the sender's identity and, in the SES sandbox, against
        // each recipient's identity too: so any identity of this account and region, but only
        // ever from MAIL_FROM's address.
        const identities = this.formatArn({
          service: 'ses',
          resource: 'identity',
          resourceName: '*',
        });
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [identities],
            conditions: { StringEquals: { 'ses:FromAddress': sender } },
          }),
        );
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]`,
          reason:
            'In the SES sandbox SES checks SendEmail against every recipient identity too; the ' +
            'ses:FromAddress condition keeps the sender to MAIL_FROM.',
        });
      }
      // The signing keys must exist before the first request can sign a token.
      if (spec.secrets.includes('JWT_SIGNING_KEYS')) fn.node.addDependency(jwtKeys.resource);

      const integration = new HttpLambdaIntegration(`${spec.id}Integration`, fn);
      for (const route of spec.routes) {
        const added = api.addRoutes({ path: route.path, methods: route.methods, integration });
        if (!route.throttle) continue;
        for (const method of route.methods) {
          routeSettings[`${method} ${route.path}`] = {
            ThrottlingRateLimit: route.throttle.rateLimit,
            ThrottlingBurstLimit: route.throttle.burstLimit,
          };
        }
        // API Gateway refuses settings for a route key that does not exist yet.
        for (const created of added) stage.node.addDependency(created);
      }

      alarm(
        `${spec.id}Errors`,
        fn.metricErrors(fiveMinuteSum),
        `${spec.id} Lambda threw (uncaught errors, timeouts, crashes)`,
      );
      alarm(
        `${spec.id}Throttles`,
        fn.metricThrottles(fiveMinuteSum),
        `${spec.id} Lambda was throttled (account concurrency): its requests failed`,
      );
    }

    // ── Operations: daily Stripe reconciliation (a lost webhook never leaves a row wrong) ─
    const reconciliation = new StripeReconciliation(this, 'StripeReconcile', {
      table,
      stripeSecretKey: secrets.STRIPE_SECRET_KEY,
    });
    alarm(
      'StripeReconcileErrors',
      reconciliation.fn.metricErrors(fiveMinuteSum),
      'The daily Stripe reconciliation failed (it runs again tomorrow from the same cursor)',
    );

    // ── Operations: webhook deliveries Stripe saw fail, and server errors ────────────────
    const webhookFailures = new MetricFilter(this, 'StripeWebhookFailuresFilter', {
      logGroup: accessLogs,
      filterPattern: FilterPattern.all(
        FilterPattern.stringValue('$.routeKey', '=', STRIPE_WEBHOOK_ROUTE),
        FilterPattern.numberValue('$.status', '>=', 400),
      ),
      metricNamespace: 'CreditDisputeLetters',
      metricName: 'StripeWebhookFailures',
      metricValue: '1',
    });
    alarm(
      'StripeWebhookFailuresAlarm',
      webhookFailures.metric(fiveMinuteSum),
      'Stripe webhook deliveries answered with 4xx/5xx (bad signature secret, sync failure)',
    );
    alarm('Api5xx', api.metricServerError(fiveMinuteSum), 'HTTP API answered 5xx', 5);

    // Every 429 the API answered: its route throttles and the functions' per-IP limits.
    const rateLimited = new MetricFilter(this, 'ApiRateLimitedFilter', {
      logGroup: accessLogs,
      filterPattern: FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: 'CreditDisputeLetters',
      metricName: 'ApiRateLimited',
      metricValue: '1',
    });
    alarm(
      'Api429Rate',
      new MathExpression({
        // The filter publishes nothing while no 429 is logged: FILL makes that a zero.
        expression: 'IF(requests >= 20, 100 * FILL(rateLimited, 0) / requests, 0)',
        usingMetrics: {
          requests: api.metricCount(fiveMinuteSum),
          rateLimited: rateLimited.metric(fiveMinuteSum),
        },
        period: Duration.minutes(5),
        label: 'API 429 rate (%)',
      }),
      'A tenth or more of API requests answered 429 over 5 minutes (route throttles, per-IP limits)',
      10,
    );
    alarm(
      'Api4xxRate',
      new MathExpression({
        // Only once there is traffic enough for a rate to mean something.
        expression: 'IF(requests >= 20, 100 * clientErrors / requests, 0)',
        usingMetrics: {
          requests: api.metricCount(fiveMinuteSum),
          clientErrors: api.metricClientError(fiveMinuteSum),
        },
        period: Duration.minutes(5),
        label: 'API 4xx rate (%)',
      }),
      'A quarter or more of API requests answered 4xx over 5 minutes',
      25,
    );

    // Throttling and DynamoDB's own failures, for the operations the functions use.
    alarm(
      'TableThrottled',
      new MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: table.metric('ReadThrottleEvents', fiveMinuteSum),
          writes: table.metric('WriteThrottleEvents', fiveMinuteSum),
        },
        period: Duration.minutes(5),
        label: 'DynamoDB throttle events',
      }),
      'DynamoDB throttled requests to the table',
    );
    alarm(
      'TableSystemErrors',
      table.metricSystemErrorsForOperations({
        ...fiveMinuteSum,
        operations: [
          Operation.GET_ITEM,
          Operation.BATCH_GET_ITEM,
          Operation.QUERY,
          Operation.PUT_ITEM,
          Operation.UPDATE_ITEM,
          Operation.DELETE_ITEM,
          Operation.BATCH_WRITE_ITEM,
          Operation.TRANSACT_WRITE_ITEMS,
        ],
      }),
      'DynamoDB answered 500s (system errors) for the table',
    );

    // The account's whole monthly AWS bill against a budget, forecast and actual.
    const budgetUsd = props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD;
    const { policyDependable: budgetsMayPublish } = alarmTopic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [alarmTopic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:budgets::${Aws.ACCOUNT_ID}:*` },
        },
      }),
    );
    const budget = new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: budgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: (['FORECASTED', 'ACTUAL'] as const).map((notificationType) => ({
        notification: {
          notificationType,
          comparisonOperator: 'GREATER_THAN',
          threshold: 100,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'SNS', address: alarmTopic.topicArn }],
      })),
    });
    // Budgets checks that it may publish when the budget is created.
    if (budgetsMayPublish) budget.node.addDependency(budgetsMayPublish);

    // ── The SPA: hashed assets first (immutable), then the entry files (always revalidated) ─
    // Both deployments share one CDK handler function, and so this log group.
    const deploymentLogs = new LogGroup(this, 'SiteDeploymentLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      logGroup: deploymentLogs,
      destinationBucket: bucket,
      destinationKeyPrefix: 'assets/',
      sources: [Source.asset(path.join(props.siteDir, 'assets'))],
      cacheControl: [CacheControl.fromString(HASHED_ASSETS_CACHE_CONTROL)],
      // Old hashed files stay for browsers still running the previous index.html.
      prune: false,
      memoryLimit: 512,
    });
    const siteEntry = new BucketDeployment(this, 'DeploySiteEntry', {
      logGroup: deploymentLogs,
      destinationBucket: bucket,
      sources: [
        Source.asset(props.siteDir, { exclude: ['assets', 'assets/**'] }),
        Source.jsonData('config.json', {
          url: siteUrl,
          publishableKey: props.publishableKey,
          ...(props.supportEmail && { supportEmail: props.supportEmail }),
        }),
      ],
      cacheControl: [CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution,
      distributionPaths: [...ENTRY_FILES.map((file) => `/${file}`), '/config.json'],
    });
    siteEntry.node.addDependency(hashedAssets);
    // The CDK's BucketDeployment handler, shared by both deployments.
    Validations.of(hashedAssets.handlerRole.node.scope!).acknowledge(
      ...[
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::<${this.resolve(this.getLogicalId(bucket.node.defaultChild as CfnElement))}.Arn>/*`,
      ].map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          "The CDK's BucketDeployment handler copies the built site from the CDK asset bucket " +
          'into the site bucket: its grants cover objects of those two buckets only.',
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'cloudfront:CreateInvalidation and GetInvalidation have no resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          "The CDK's BucketDeployment handler runs the Python runtime aws-cdk-lib chooses, and " +
          'only during deploys.',
      },
    );

    // ── Outputs ───────────────────────────────────────────────────────────────────────────
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${siteUrl}/functions/v1/stripe-webhook`,
      description: 'Point a Stripe webhook endpoint here',
    });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'StripeSecretKeySecretArn', {
      value: secrets.STRIPE_SECRET_KEY.secretArn,
    });
    new CfnOutput(this, 'StripeWebhookSecretSecretArn', {
      value: secrets.STRIPE_WEBHOOK_SECRET.secretArn,
    });
    new CfnOutput(this, 'JwtSigningKeysSecretArn', { value: jwtKeys.secret.secretArn });
    new CfnOutput(this, 'RefreshTokenSecretArn', { value: refreshTokenSecret.secretArn });
    // What `npm run sam:env -- --stack` reads for `sam local invoke` against this stack.
    new CfnOutput(this, 'JwtPublicJwks', { value: jwtKeys.publicJwks });
    new CfnOutput(this, 'OriginVerifySecretArn', { value: originVerifySecret.secretArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });
    new CfnOutput(this, 'StripeReconcileFunctionName', {
      value: reconciliation.fn.functionName,
      description:
        'Run the Stripe reconciliation now: aws lambda invoke --function-name <this> out.json',
    });
    new CfnOutput(this, 'NextSteps', {
      description: 'What to run once after the first deploy',
      value: nextSteps({
        stripeSecretKeyArn: secrets.STRIPE_SECRET_KEY.secretArn,
        stripeWebhookSecretArn: secrets.STRIPE_WEBHOOK_SECRET.secretArn,
        webhookUrl: `${siteUrl}/functions/v1/stripe-webhook`,
        siteUrl,
        sender,
        alarmEmail: props.alarmEmail,
        alarmTopicArn: alarmTopic.topicArn,
      }),
    });

    logCdkProviderFunctions(this);
  }
}

/**
 * The CDK's own custom-resource handlers built on `CustomResourceProvider` (the buckets'
 * auto-delete handler) are plain `AWS::Lambda::Function` resources with no log-group option:
 * give each a log group with the app's retention, or Lambda makes one that never expires.
 */
function logCdkProviderFunctions(stack: Stack): void {
  for (const node of stack.node.findAll()) {
    if (!(node instanceof CfnResource) || node instanceof CfnFunction) continue;
    if (node.cfnResourceType !== 'AWS::Lambda::Function') continue;
    const logGroup = new LogGroup(node.node.scope!, `${node.node.id}Logs`, {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    node.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName });
  }
}

interface NextStepsValues {
  stripeSecretKeyArn: string;
  stripeWebhookSecretArn: string;
  webhookUrl: string;
  siteUrl: string;
  sender?: string;
  alarmEmail?: string;
  alarmTopicArn: string;
}

/** The exact commands that finish a first deploy (the `NextSteps` output), one per line. */
function nextSteps(values: NextStepsValues): string {
  const region = `--region ${Aws.REGION}`;
  const putSecret = (arn: string, value: string) =>
    `aws secretsmanager put-secret-value ${region} --secret-id ${arn} --secret-string '${value}'`;
  const events = [...SYNCED_EVENT_TYPES].map((type) => `-d 'enabled_events[]=${type}'`).join(' ');
  const identity = (address: string) =>
    `aws sesv2 create-email-identity ${region} --email-identity ${address}`;
  return [
    `1. Stripe secret key: ${putSecret(values.stripeSecretKeyArn, 'sk_live_…')}`,
    '2. Stripe webhook endpoint: curl https://api.stripe.com/v1/webhook_endpoints -u sk_live_…: ' +
      `-d url=${values.webhookUrl} -d api_version=${STRIPE_API_VERSION} ${events}`,
    `3. Its signing secret (the "secret" curl printed): ${putSecret(values.stripeWebhookSecretArn, 'whsec_…')}`,
    values.sender
      ? `4. SES sender, in this region: ${identity(values.sender)} (then open the link AWS e-mails). ` +
        'In the SES sandbox only verified recipients get mail; leave it with: aws sesv2 ' +
        `put-account-details ${region} --production-access-enabled --mail-type TRANSACTIONAL ` +
        `--website-url ${values.siteUrl} --use-case-description 'Sign-up confirmations and password recovery'`
      : `4. E-mail (password recovery, magic links) is off: ${identity('no-reply@your-domain')}, ` +
        `then redeploy with -c mailFrom='Name <no-reply@your-domain>'`,
    values.alarmEmail
      ? `5. Alarms: confirm the subscription e-mail AWS sent to ${values.alarmEmail}`
      : `5. Alarms reach nobody yet: aws sns subscribe ${region} --topic-arn ${values.alarmTopicArn} ` +
        '--protocol email --notification-endpoint you@example.com (or redeploy with -c alarmEmail=you@example.com)',
  ].join('\n');
}
