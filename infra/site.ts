import path from 'node:path';
import { Duration, Fn, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ENTRY_FILES } from '../shared/site-entry';
import { sitemapXml } from '../shared/site-map';
import type { Api } from './api';
import { LOG_RETENTION } from './app-function';
import { regionalName, securityHeadersPolicy, spaFallbackFunction, viewerIpFunction } from './edge';
import { EdgeLogs } from './edge-logs';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-authorizer';

export const API_PATH_PATTERNS = ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*'] as const;
export const HASHED_ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** How long CloudFront's standard logs (viewer IPs) stay in their bucket: as long as the Lambda logs. */
export const CLOUDFRONT_LOG_DAYS: number = LOG_RETENTION;

export interface SiteProps {
  api: Api;
  customDomain?: { domainName: string; certificateArn: string };
  webAclArn?: string;
}

/**
 * The edge: CloudFront in front of a private S3 bucket (the SPA) and of the HTTP API, with the
 * shared security headers on every behaviour and standard logs to a bucket of their own.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only build output lives here: rebuildable, so it goes with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Only CloudFront reads it (OAC), and CloudFront's standard logs record every request; " +
        'only the deploy writes it.',
    });

    // CloudFront's standard logs (who asked for what, without query strings): kept, like the
    // table, when the stack goes or replaces the bucket, but not when its own creation rolls back.
    const logBucket = new Bucket(this, 'CloudFrontLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Log delivery (v2) writes through the bucket policy, not an ACL.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        {
          expiration: Duration.days(CLOUDFRONT_LOG_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'It is the log bucket: logging its own access would log the log deliveries.',
    });

    const headersPolicy = securityHeadersPolicy(this);
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.httpApi.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: props.api.originVerifySecret.secretValue.unsafeUnwrap(),
      },
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
        { eventType: FunctionEventType.VIEWER_REQUEST, function: viewerIpFunction(this) },
      ],
    };
    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Credit Dispute Letters',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      // Legacy logs always keep the query string (an e-mailed link's token): `EdgeLogs` instead.
      enableLogging: false,
      webAclId: props.webAclArn,
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteOriginAccessControl', {
            originAccessControlName: regionalName(this, 'SiteOAC', 64),
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headersPolicy,
        functionAssociations: [
          { eventType: FunctionEventType.VIEWER_REQUEST, function: spaFallbackFunction(this) },
        ],
      },
      additionalBehaviors: Object.fromEntries(
        API_PATH_PATTERNS.map((pattern) => [pattern, apiBehavior]),
      ),
    });
    new EdgeLogs(this, 'EdgeLogs', { distribution: this.distribution, bucket: logBucket });
    this.siteUrl = `https://${domain?.domainName ?? this.distribution.distributionDomainName}`;
    this.acknowledgeDistribution(props);
  }

  private acknowledgeDistribution(props: SiteProps): void {
    const findings = [
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Its access logs are standard logging v2 (EdgeLogs), which keeps no query string; ' +
          'the legacy setting this rule reads would log every e-mailed link token.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No country is barred from the product; a geo restriction would only lock out ' +
          'consumers who are travelling.',
      },
    ];
    if (!props.webAclArn) {
      findings.push({
        id: 'AwsSolutions-CFR2',
        reason:
          'AWS WAF costs $5 a month plus $1 a rule, above what this app costs at rest: it is ' +
          'offered (context webAclArn, README); the API throttles each auth route on its own, ' +
          'the auth function limits per client IP, and the site is static.',
      });
    }
    if (!props.customDomain) {
      findings.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, ' +
          'whose minimum protocol it fixes itself; with domainName the stack sets TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge(...findings);
  }

  /**
   * The built SPA (`siteDir`, `web/dist`) and its `config.json`: hashed assets first
   * (immutable), then the entry files (always revalidated).
   */
  deploy(siteDir: string, config: Record<string, string>): void {
    // Both deployments share one CDK handler function, and so this log group.
    const deploymentLogs = new LogGroup(this, 'SiteDeploymentLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      logGroup: deploymentLogs,
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'assets/',
      sources: [Source.asset(path.join(siteDir, 'assets'))],
      cacheControl: [CacheControl.fromString(HASHED_ASSETS_CACHE_CONTROL)],
      // Old hashed files stay for browsers still running the previous index.html.
      prune: false,
      memoryLimit: 512,
    });
    const siteEntry = new BucketDeployment(this, 'DeploySiteEntry', {
      logGroup: deploymentLogs,
      destinationBucket: this.bucket,
      sources: [
        Source.asset(siteDir, { exclude: ['assets', 'assets/**'] }),
        Source.jsonData('config.json', config),
        Source.data('sitemap.xml', sitemapXml(config.url!)),
      ],
      cacheControl: [CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: [...ENTRY_FILES.map((file) => `/${file}`), '/config.json', '/sitemap.xml'],
    });
    siteEntry.node.addDependency(hashedAssets);
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnElement);
    // The CDK's BucketDeployment handler, shared by both deployments.
    Validations.of(hashedAssets.handlerRole.node.scope!).acknowledge(
      ...[
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::<${Stack.of(this).resolve(bucketId)}.Arn>/*`,
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
  }
}
