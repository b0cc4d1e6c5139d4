import path from 'node:path';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
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
import { ComparisonOperator, TreatMissingData, type Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../lambdas/common/table-definition';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../shared/security-headers';
import { ENTRY_FILES, NOT_FOUND_HTML, ROUTE_ENTRY_FILES } from '../shared/site-entry';
import {
  API_FUNCTIONS,
  functionLogicalId,
  type SecretName,
  type TableAccess,
} from './api-functions';
import { AppFunction, LOG_RETENTION } from './app-function';
import { JwtSigningKeys } from './jwt-signing-keys';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-authorizer';

export interface CreditDisputeLettersStackProps extends StackProps {
  /** The built SPA (`web/dist`): its entry HTML files plus content-hashed files under `assets/`. */
  siteDir: string;
  stripePriceId: string;
  publishableKey: string;
  /** Bump to rotate the JWT signing key on the next deploy (the previous key keeps verifying). */
  jwtSigningKeysGeneration: string;
  /** Optional custom domain; the ACM certificate must be in us-east-1 (CloudFront). */
  customDomain?: { domainName: string; certificateArn: string };
  /** Optional address subscribed to the alarm topic. */
  alarmEmail?: string;
  /**
   * Sender of auth e-mails (`Name <address>` or an address), an identity verified in SES.
   * Without it the auth function gets no SES permission (e-mails cannot be sent).
   */
  mailFrom?: string;
  /** The address the site shows for help (footer, /support); the SPA has a default. */
  supportEmail?: string;
  /** Sign-up waits for the e-mailed confirmation link (off by default: the spec's sign-up → /payment). */
  emailConfirmation?: boolean;
}

/** SES identities a sender may be verified as: the address itself or its domain. */
function sesIdentities(stack: Stack, mailFrom: string): string[] {
  const address = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const domain = address.split('@')[1];
  if (!domain) throw new Error(`mailFrom must contain an e-mail address, got "${mailFrom}"`);
  return [address, domain].map((identity) =>
    stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
  );
}

const TABLE_ACTIONS: Record<TableAccess, string[]> = {
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
  ],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

export const STACK_NAME = 'CreditDisputeLetters';
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

function enumValue<T extends Record<string, string>>(values: T, value: string): T[keyof T] {
  const found = Object.values(values).find((candidate) => candidate === value);
  if (!found) throw new Error(`Unsupported header value for CloudFront: ${value}`);
  return found as T[keyof T];
}

/** The CloudFront response-headers policy, from the same values the local server sends. */
function securityHeadersPolicy(scope: Construct): ResponseHeadersPolicy {
  const maxAge = /max-age=(\d+)/.exec(STRICT_TRANSPORT_SECURITY)?.[1];
  if (!maxAge) throw new Error('STRICT_TRANSPORT_SECURITY needs a max-age');
  if (SECURITY_HEADERS['X-Content-Type-Options'] !== 'nosniff') {
    throw new Error('CloudFront can only send X-Content-Type-Options: nosniff');
  }
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
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
  });
}

/**
 * The whole product: CloudFront in front of a private S3 bucket (the SPA and /config.json) and
 * of an HTTP API whose routes go to one Lambda per API area, one DynamoDB table, secrets in
 * Secrets Manager, and alarms.
 */
export class CreditDisputeLettersStack extends Stack {
  constructor(scope: Construct, id: string, props: CreditDisputeLettersStackProps) {
    super(scope, id, props);

    // ── Data and secrets ──────────────────────────────────────────────────────────────────
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode[TABLE_DEFINITION.billingMode],
      timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const jwtKeys = new JwtSigningKeys(this, 'JwtSigningKeys', {
      generation: props.jwtSigningKeysGeneration,
    });
    const secrets: Record<SecretName, Secret> = {
      JWT_SIGNING_KEYS: jwtKeys.secret,
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
    api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
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
      // Includes CloudFront-Viewer-Address, which CloudFront writes itself (the client IP).
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headersPolicy,
    };
    const distribution = new Distribution(this, 'Distribution', {
      comment: 'Credit Dispute Letters',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
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
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
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

    // ── Functions and routes ──────────────────────────────────────────────────────────────
    const alarmTopic = new Topic(this, 'Alarms', { displayName: 'Credit Dispute Letters alarms' });
    if (props.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const alarmAction = new SnsAction(alarmTopic);
    const notify = (alarm: Alarm) => {
      alarm.addAlarmAction(alarmAction);
      alarm.addOkAction(alarmAction);
    };

    if (props.emailConfirmation && !props.mailFrom) {
      throw new Error('emailConfirmation needs mailFrom: confirmation links are sent by e-mail');
    }
    for (const spec of API_FUNCTIONS) {
      const environment: Record<string, string> = { TABLE_NAME: table.tableName };
      if (spec.browserFacing) {
        environment.PUBLISHABLE_KEY = props.publishableKey;
        environment.SITE_URL = siteUrl;
        environment.ALLOWED_ORIGINS = siteUrl;
      }
      // Trustworthy only because the origin-verify authorizer keeps direct callers out.
      if (spec.rateLimitsByIp) environment.CLIENT_IP_HEADER = 'cloudfront-viewer-address';
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
      table.grant(fn, ...TABLE_ACTIONS[spec.table]);
      for (const name of spec.secrets) secrets[name].grantRead(fn);
      if (spec.sendsEmail && props.mailFrom) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: sesIdentities(this, props.mailFrom),
          }),
        );
      }
      // The signing keys must exist before the first request can sign a token.
      if (spec.secrets.includes('JWT_SIGNING_KEYS')) fn.node.addDependency(jwtKeys.resource);

      const integration = new HttpLambdaIntegration(`${spec.id}Integration`, fn);
      for (const route of spec.routes) {
        api.addRoutes({ path: route.path, methods: route.methods, integration });
      }

      notify(
        fn
          .metricErrors({ period: Duration.minutes(5), statistic: 'Sum' })
          .createAlarm(this, `${spec.id}Errors`, {
            alarmDescription: `${spec.id} Lambda threw (uncaught errors, timeouts, crashes)`,
            threshold: 1,
            evaluationPeriods: 1,
            comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
    }

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
    notify(
      webhookFailures
        .metric({ period: Duration.minutes(5), statistic: 'Sum' })
        .createAlarm(this, 'StripeWebhookFailuresAlarm', {
          alarmDescription:
            'Stripe webhook deliveries answered with 4xx/5xx (bad signature secret, sync failure)',
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    );
    notify(
      api
        .metricServerError({ period: Duration.minutes(5), statistic: 'Sum' })
        .createAlarm(this, 'Api5xx', {
          alarmDescription: 'HTTP API answered 5xx',
          threshold: 5,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    );

    // ── The SPA: hashed assets first (immutable), then the entry files (always revalidated) ─
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      destinationBucket: bucket,
      destinationKeyPrefix: 'assets/',
      sources: [Source.asset(path.join(props.siteDir, 'assets'))],
      cacheControl: [CacheControl.fromString(HASHED_ASSETS_CACHE_CONTROL)],
      // Old hashed files stay for browsers still running the previous index.html.
      prune: false,
      memoryLimit: 512,
    });
    const siteEntry = new BucketDeployment(this, 'DeploySiteEntry', {
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
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });
  }
}
