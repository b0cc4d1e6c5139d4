import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Api } from './api';
import {
  API_FUNCTIONS,
  functionLogicalId,
  legacyTableGrant,
  readsLegacyItems,
  tableStatements,
  type ApiFunctionSpec,
  type SecretName,
} from './api-functions';
import { AppFunction } from './app-function';
import type { Identity } from './identity';
import { METRICS_NAMESPACE } from '../lambdas/platform/metrics';
import { FIVE_MINUTE_SUM, type AlarmFactory } from './operations';

/**
 * The header that carries the viewer's IP to the API (`CLIENT_IP_HEADER` of the functions that
 * limit per IP). Our own name, so only the stack's viewer-request function writes it: it replaces
 * any copy the viewer sent with `event.viewer.ip`, and the origin-verify authorizer turns away
 * requests that did not come through CloudFront.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/** Where a failure is felt at once: every auth page, paying, the billing portal, Stripe's webhook. */
export const USER_FACING_FUNCTIONS = ['Auth', 'StripeCheckout', 'BillingPortal', 'StripeWebhook'];

/** The API route keys (`METHOD /path`) of those functions, as the access log names them. */
export function userFacingRouteKeys(): string[] {
  return API_FUNCTIONS.filter((spec) => USER_FACING_FUNCTIONS.includes(spec.id)).flatMap((spec) =>
    spec.routes.flatMap((route) =>
      route.methods
        .filter((method) => method !== 'OPTIONS')
        .map((method) => `${method} ${route.path}`),
    ),
  );
}

export interface ApiFunctionsProps {
  api: Api;
  table: ITable;
  identity: Identity;
  secrets: Record<SecretName, ISecret>;
  siteUrl: string;
  publishableKey: string;
  stripePriceId: string;
  mailFrom?: string;
  emailConfirmation?: boolean;
  /** The table may still hold the old layout: `LEGACY_PARTITIONS` and `legacyTableGrant`. */
  legacyPartitions?: boolean;
  alarm: AlarmFactory;
}

/**
 * One Lambda per API area (`API_FUNCTIONS`), each granted exactly the table actions, secrets
 * and SES sending it uses, routed behind the API's authorizer with its routes' throttles, and
 * alarmed on errors and throttles.
 */
export class ApiFunctions extends Construct {
  constructor(scope: Construct, id: string, props: ApiFunctionsProps) {
    super(scope, id);
    for (const spec of API_FUNCTIONS) this.addFunction(spec, props);
    this.addUserFacingAlarm(props);
  }

  /**
   * Any 5xx on a user-facing route, handled or not (a 502 from Stripe's answer as much as a
   * crash), from the API's access log: one in five minutes alarms.
   */
  private addUserFacingAlarm(props: ApiFunctionsProps): void {
    const serverErrors = new MetricFilter(this, 'UserFacing5xxFilter', {
      logGroup: props.api.accessLogs,
      filterPattern: FilterPattern.all(
        FilterPattern.numberValue('$.status', '>=', 500),
        FilterPattern.any(
          ...userFacingRouteKeys().map((key) => FilterPattern.stringValue('$.routeKey', '=', key)),
        ),
      ),
      metricNamespace: METRICS_NAMESPACE,
      metricName: 'UserFacingServerErrors',
      metricValue: '1',
    });
    props.alarm(
      this,
      'UserFacing5xx',
      serverErrors.metric(FIVE_MINUTE_SUM),
      'A 5xx on sign-in/sign-up/auth, checkout, the billing portal or the Stripe webhook ' +
        '(API access log, status >= 500)',
    );
  }

  private environmentOf(spec: ApiFunctionSpec, props: ApiFunctionsProps): Record<string, string> {
    const { identity } = props;
    const environment: Record<string, string> = { TABLE_NAME: props.table.tableName };
    if (props.legacyPartitions && readsLegacyItems(spec.table)) {
      environment.LEGACY_PARTITIONS = 'true';
    }
    if (spec.browserFacing) {
      environment.PUBLISHABLE_KEY = props.publishableKey;
      environment.SITE_URL = props.siteUrl;
      environment.ALLOWED_ORIGINS = props.siteUrl;
    }
    // Trustworthy only because the origin-verify authorizer keeps direct callers out.
    if (spec.rateLimitsByIp) environment.CLIENT_IP_HEADER = VIEWER_IP_HEADER;
    if (spec.verifiesAccessTokens) environment.JWT_PUBLIC_JWKS = identity.jwtKeys.publicJwks;
    if (spec.usesStripe) environment.STRIPE_PRICE_ID = props.stripePriceId;
    if (spec.sendsEmail && props.mailFrom) environment.MAIL_FROM = props.mailFrom;
    if (spec.sendsEmail && identity.configurationSet) {
      environment.SES_CONFIGURATION_SET = identity.configurationSet.configurationSetName;
    }
    if (spec.sendsEmail && props.emailConfirmation) environment.AUTH_AUTOCONFIRM = 'false';
    for (const name of spec.secrets) {
      environment[`${name}_SECRET_ARN`] = props.secrets[name].secretArn;
    }
    return environment;
  }

  private addFunction(spec: ApiFunctionSpec, props: ApiFunctionsProps): void {
    const { api, identity } = props;
    const fn = new AppFunction(this, spec.id, {
      logicalId: functionLogicalId(spec),
      entry: spec.entry,
      description: spec.description,
      memorySize: spec.memorySize,
      timeout: spec.timeoutSeconds ? Duration.seconds(spec.timeoutSeconds) : undefined,
      environment: this.environmentOf(spec, props),
    });
    const grant = props.legacyPartitions ? legacyTableGrant(spec.table) : spec.table;
    for (const statement of tableStatements(props.table, grant)) fn.addToRolePolicy(statement);
    for (const name of spec.secrets) props.secrets[name].grantRead(fn);
    if (spec.sendsEmail && identity.sender && identity.configurationSet) {
      // SES authorizes SendEmail against the sender's identity, the configuration set and, in
      // the SES sandbox, each recipient's identity too: so any identity of this account and
      // region, but only ever from MAIL_FROM's address.
      const stack = Stack.of(this);
      const identities = stack.formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: '*',
      });
      const configurationSet = stack.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: identity.configurationSet.configurationSetName,
      });
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [identities, configurationSet],
          conditions: { StringEquals: { 'ses:FromAddress': identity.sender } },
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
    if (spec.secrets.includes('JWT_SIGNING_KEYS')) fn.node.addDependency(identity.jwtKeys.resource);

    const integration = new HttpLambdaIntegration(`${spec.id}Integration`, fn);
    for (const route of spec.routes) {
      const added = api.httpApi.addRoutes({
        path: route.path,
        methods: route.methods,
        integration,
      });
      if (!route.throttle) continue;
      for (const method of route.methods) {
        api.routeSettings[`${method} ${route.path}`] = {
          ThrottlingRateLimit: route.throttle.rateLimit,
          ThrottlingBurstLimit: route.throttle.burstLimit,
        };
      }
      // API Gateway refuses settings for a route key that does not exist yet.
      for (const created of added) api.stage.node.addDependency(created);
    }

    props.alarm(
      this,
      `${spec.id}Errors`,
      fn.metricErrors(FIVE_MINUTE_SUM),
      `${spec.id} Lambda threw (uncaught errors, timeouts, crashes)`,
    );
    if (spec.sendsEmail && props.mailFrom) {
      props.alarm(
        this,
        `${spec.id}EmailSendFailures`,
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: 'EmailSendFailures',
          dimensionsMap: { service: fn.functionName },
          ...FIVE_MINUTE_SUM,
        }),
        'SES did not send an auth e-mail (rejected message, sandbox recipient, quota, outage)',
      );
    }
    props.alarm(
      this,
      `${spec.id}Throttles`,
      fn.metricThrottles(FIVE_MINUTE_SUM),
      `${spec.id} Lambda was throttled (account concurrency): its requests failed`,
    );
  }
}
