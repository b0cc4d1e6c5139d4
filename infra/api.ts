import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  LogGroupLogDestination,
  type CfnStage,
  type HttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../lambdas/platform/metrics';
import { DEFAULT_THROTTLE } from './api-functions';
import { AppFunction, LOG_RETENTION } from './app-function';
import { FIVE_MINUTE_SUM, type AlarmFactory } from './operations';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-authorizer';

export const ORIGIN_VERIFY_LOGICAL_ID = 'OriginVerifyFunction';

/** Per route key, its own throttle: CloudFormation's own property names, written as they are. */
export type RouteSettings = Record<
  string,
  { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
>;

export interface ApiProps {
  alarm: AlarmFactory;
}

/**
 * The HTTP API, reachable only through CloudFront: a Lambda authorizer on every route lets
 * through only requests carrying the secret header CloudFront adds. Its access log feeds the
 * 5xx, 4xx-rate and 429-rate alarms. The functions behind it are added by `ApiFunctions`.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly routeSettings: RouteSettings = {};
  readonly accessLogs: LogGroup;
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront adds to API requests`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront copies the value only when the distribution deploys: a scheduled rotation ' +
        'would lock CloudFront out of the API until the next deploy.',
    });
    const originVerifier = new AppFunction(this, 'OriginVerify', {
      logicalId: ORIGIN_VERIFY_LOGICAL_ID,
      entry: 'infra/origin-verify-authorizer.ts',
      description: `Lets through only requests carrying CloudFront's ${ORIGIN_VERIFY_HEADER}`,
      memorySize: 256,
      environment: { ORIGIN_VERIFY_SECRET_SECRET_ARN: this.originVerifySecret.secretArn },
    });
    this.originVerifySecret.grantRead(originVerifier);

    this.accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.httpApi = new HttpApi(this, 'Api', {
      description: 'Credit Dispute Letters API (behind CloudFront)',
      createDefaultStage: false,
      defaultAuthorizer: new HttpLambdaAuthorizer('OriginVerify', originVerifier, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
        resultsCacheTtl: Duration.hours(1),
      }),
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          '{"requestId":"$context.requestId","routeKey":"$context.routeKey",' +
            '"status":$context.status,"latencyMs":$context.responseLatency,' +
            '"integrationError":"$context.integrationErrorMessage"}',
        ),
      },
    });
    // Filled by `ApiFunctions` (`ApiRoute.throttle`, sized in `api-functions.ts`).
    (this.stage.node.defaultChild as CfnStage).routeSettings = this.routeSettings;

    const { alarm } = props;
    // The authorizer fronts every route: if it throws, every request gets 500.
    alarm(
      this,
      'OriginVerifyErrors',
      originVerifier.metricErrors(FIVE_MINUTE_SUM),
      'The origin-verify authorizer threw: every API request fails',
    );
    alarm(
      this,
      'OriginVerifyThrottles',
      originVerifier.metricThrottles(FIVE_MINUTE_SUM),
      'The origin-verify authorizer was throttled (account concurrency)',
    );
    this.addTrafficAlarms(alarm);
  }

  private addTrafficAlarms(alarm: AlarmFactory): void {
    const api = this.httpApi;
    alarm(this, 'Api5xx', api.metricServerError(FIVE_MINUTE_SUM), 'HTTP API answered 5xx', {
      threshold: 5,
    });
    // Every 429 the API answered: its route throttles and the functions' per-IP limits.
    const rateLimited = new MetricFilter(this, 'ApiRateLimitedFilter', {
      logGroup: this.accessLogs,
      filterPattern: FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: METRICS_NAMESPACE,
      metricName: 'ApiRateLimited',
      metricValue: '1',
    });
    alarm(
      this,
      'Api429Rate',
      new MathExpression({
        // The filter publishes nothing while no 429 is logged: FILL makes that a zero.
        expression: 'IF(requests >= 20, 100 * FILL(rateLimited, 0) / requests, 0)',
        usingMetrics: {
          requests: api.metricCount(FIVE_MINUTE_SUM),
          rateLimited: rateLimited.metric(FIVE_MINUTE_SUM),
        },
        period: Duration.minutes(5),
        label: 'API 429 rate (%)',
      }),
      'A tenth or more of API requests answered 429 over 5 minutes (route throttles, per-IP limits)',
      { threshold: 10 },
    );
    alarm(
      this,
      'Api4xxRate',
      new MathExpression({
        // Only once there is traffic enough for a rate to mean something.
        expression: 'IF(requests >= 20, 100 * clientErrors / requests, 0)',
        usingMetrics: {
          requests: api.metricCount(FIVE_MINUTE_SUM),
          clientErrors: api.metricClientError(FIVE_MINUTE_SUM),
        },
        period: Duration.minutes(5),
        label: 'API 4xx rate (%)',
      }),
      'A quarter or more of API requests answered 4xx over 5 minutes',
      { threshold: 25 },
    );
  }
}
