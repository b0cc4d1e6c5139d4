import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import RECOMMENDED_FEATURE_FLAGS from 'aws-cdk-lib/recommended-feature-flags.json';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STRIPE_API_VERSION } from '../lambdas/billing/stripe-client';
import { TABLE_DEFINITION } from '../lambdas/platform/table-definition';
import { SYNCED_EVENT_TYPES } from '../lambdas/billing/stripe-events';
import { PLAN } from '../shared/plan';
import {
  CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../shared/security-headers';
import { ENTRY_FILES, entryHtmlFor } from '../shared/site-entry';
import { sitemapXml } from '../shared/site-map';
import {
  API_FUNCTIONS,
  AUTH_THROTTLES,
  functionLogicalId,
  type ApiFunctionSpec,
} from './api-functions';
import { LAMBDA_BUNDLING } from './app-function';
import { JWT_KEYS_GENERATOR_LOGICAL_ID } from './jwt-signing-keys';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-authorizer';
import {
  RECONCILE_SCHEDULE,
  RECONCILE_TABLE_GRANT,
  STRIPE_RECONCILE_LOGICAL_ID,
} from './reconciliation';
import {
  API_PATH_PATTERNS,
  CLOUDFRONT_LOG_DAYS,
  CreditDisputeLettersStack,
  DEFAULT_MONTHLY_BUDGET_USD,
  HASHED_ASSETS_CACHE_CONTROL,
  ORIGIN_VERIFY_LOGICAL_ID,
  settingsProblems,
  STACK_NAME,
  StackSettingsError,
  VIEWER_IP_HEADER,
  type CreditDisputeLettersStackProps,
} from './stack';

// AWS-managed policy ids (CloudFront documentation).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const PUBLISHABLE_KEY = 'sb_publishable_assertions';
const PRICE_ID = 'price_assertions';
const CERTIFICATE_ARN =
  'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab';
const MAIL_FROM = 'Credit Dispute Letters <no-reply@letters.example.com>';
const ALARM_EMAIL = 'ops@letters.example.com';
const OPERATOR_NAME = 'Example Letters LLC';
const OPERATOR_ADDRESS = '1 Main St, Springfield, IL 62701';
const EXISTING_TABLE = 'CreditDisputeLetters-TableCD117FA1-1A2B3C4D5E6F';

/** The app's feature flags, as `cdk synth` applies them. */
const CDK_JSON = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'cdk.json'), 'utf8'),
) as { context: Record<string, unknown> };

type Resource = { Type: string; Properties: Record<string, any>; [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

let siteDir: string;
let app: App;
let template: Template;
let withDomain: Template;
let withExistingTable: Template;
let mainStack: CreditDisputeLettersStack;
let domainStack: CreditDisputeLettersStack;
let resources: Record<string, Resource>;

function only(type: string): [string, Resource] {
  const found = Object.entries(resources).filter(([, r]) => r.Type === type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

function logicalIdOf(type: string, constructIdPrefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) =>
    id.startsWith(constructIdPrefix),
  );
  expect(ids, `${type} ${constructIdPrefix}`).toHaveLength(1);
  return ids[0]!;
}

const distributionConfig = () =>
  only('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

beforeAll(() => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(siteDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  app = new App({ context: CDK_JSON.context, builtinCloudFormationValidation: false });
  mainStack = new CreditDisputeLettersStack(app, STACK_NAME, {
    siteDir,
    stripePriceId: PRICE_ID,
    publishableKey: PUBLISHABLE_KEY,
    jwtSigningKeysGeneration: '1',
    allowAnonymousOperator: true,
    mailFrom: MAIL_FROM,
    emailConfirmation: true,
  });
  // Same app: the other stacks reuse the bundles staged for the first.
  domainStack = new CreditDisputeLettersStack(app, `${STACK_NAME}WithDomain`, {
    siteDir,
    stripePriceId: PRICE_ID,
    publishableKey: PUBLISHABLE_KEY,
    jwtSigningKeysGeneration: '1',
    allowAnonymousOperator: true,
    customDomain: { domainName: 'letters.example.com', certificateArn: CERTIFICATE_ARN },
    alarmEmail: ALARM_EMAIL,
    monthlyBudgetUsd: 25,
    operatorName: OPERATOR_NAME,
    operatorAddress: OPERATOR_ADDRESS,
  });
  const existingTableStack = new CreditDisputeLettersStack(app, `${STACK_NAME}ExistingTable`, {
    siteDir,
    stripePriceId: PRICE_ID,
    publishableKey: PUBLISHABLE_KEY,
    jwtSigningKeysGeneration: '1',
    allowAnonymousOperator: true,
    jwtSigningKeysEmergencyGeneration: '2',
    existingTableName: EXISTING_TABLE,
    webAclArn:
      'arn:aws:wafv2:us-east-1:123456789012:global/webacl/cdl-rate-limit/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab',
  });
  // cdk-nag's AwsSolutions pack checks every stack of the app when it synthesizes (below): any
  // finding not acknowledged with a reason fails the synth, and so every test here.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  template = Template.fromStack(mainStack);
  resources = template.toJSON().Resources;
  withDomain = Template.fromStack(domainStack);
  withExistingTable = Template.fromStack(existingTableStack);
}, 120_000);

afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(app.outdir, { recursive: true, force: true });
});

describe('CDK version', () => {
  test('cdk.json sets every feature flag aws-cdk-lib recommends, at its recommended value', () => {
    expect(Object.keys(RECOMMENDED_FEATURE_FLAGS).length).toBeGreaterThan(50);
    expect(CDK_JSON.context).toMatchObject(RECOMMENDED_FEATURE_FLAGS);
  });
});

describe('edge: private bucket behind CloudFront', () => {
  test('the bucket blocks public access, is encrypted and refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
    });
    const bucket = resources[logicalIdOf('AWS::S3::Bucket', 'SiteBucket')]!;
    expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  test('only CloudFront (this distribution, via OAC) may read the bucket', () => {
    const policy = resources[logicalIdOf('AWS::S3::BucketPolicy', 'SiteBucketPolicy')]!;
    const allows = policy.Properties.PolicyDocument.Statement.filter(
      (s: { Effect: string }) => s.Effect === 'Allow',
    );
    const [distributionId] = only('AWS::CloudFront::Distribution');
    const readers = allows.filter((s: { Action: string | string[] }) =>
      [s.Action].flat().includes('s3:GetObject'),
    );
    expect(readers).toHaveLength(1);
    expect(readers[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(JSON.stringify(readers[0].Condition)).toContain(distributionId);
    for (const statement of allows) {
      expect(statement.Principal).not.toBe('*');
      expect(statement.Principal?.AWS).not.toBe('*');
    }
  });

  test('the S3 origin uses Origin Access Control, not a legacy identity', () => {
    const [oacId, oac] = only('AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    const s3Origins = distributionConfig().Origins.filter(
      (origin: Record<string, unknown>) => origin.S3OriginConfig,
    );
    expect(s3Origins).toHaveLength(1);
    expect(s3Origins[0].OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origins[0].S3OriginConfig.OriginAccessIdentity).toBe('');
  });

  test('viewers on HTTP are redirected to HTTPS on every behaviour', () => {
    const config = distributionConfig();
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    }
  });

  const cloudFrontFunction = (constructIdPrefix: string) => {
    const id = logicalIdOf('AWS::CloudFront::Function', constructIdPrefix);
    return [id, resources[id]!] as const;
  };
  const functionHandler = (constructIdPrefix: string) => {
    const code = cloudFrontFunction(constructIdPrefix)[1].Properties.FunctionCode as string;
    return vm.runInNewContext(`${code}; handler`) as (event: unknown) => any; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  test('the SPA fallback is on the default behaviour, the viewer-IP function on the API ones', () => {
    expect(Object.keys(template.findResources('AWS::CloudFront::Function'))).toHaveLength(2);
    const [spaId] = cloudFrontFunction('SpaFallback');
    const [viewerIpId] = cloudFrontFunction('ViewerIp');
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [spaId, 'FunctionARN'] } },
    ]);
    for (const behavior of config.CacheBehaviors) {
      expect(behavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [viewerIpId, 'FunctionARN'] } },
      ]);
      expect(behavior.LambdaFunctionAssociations).toBeUndefined();
    }
    // Error pages would apply to the API behaviours too and turn API errors into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  test('the SPA fallback serves each route its prerendered page, other paths the not-found page, files as they are', () => {
    const handler = functionHandler('SpaFallback');
    const uriAfter = (uri: string) => (handler({ request: { uri } }) as { uri: string }).uri;
    expect(uriAfter('/')).toBe('/index.html');
    expect(uriAfter('/index.html')).toBe('/index.html');
    expect(uriAfter('/account')).toBe('/404.html');
    expect(uriAfter('/reset-password')).toBe('/reset-password.html');
    expect(uriAfter('/faq/')).toBe('/faq.html');
    expect(uriAfter('/constructor')).toBe('/404.html');
    // The same choice as the local server's.
    for (const uri of ['/', '/account', '/faq/', '/tools', '/support'])
      expect(uriAfter(uri)).toBe(`/${entryHtmlFor(uri)}`);
    expect(uriAfter('/assets/index-3f9a1c.js')).toBe('/assets/index-3f9a1c.js');
    expect(uriAfter('/config.json')).toBe('/config.json');
    expect(uriAfter('/favicon.svg')).toBe('/favicon.svg');
  });

  test("the viewer-IP function writes the viewer's IP over any copy the viewer sent", () => {
    const handler = functionHandler('ViewerIp');
    const forged = {
      value: '203.0.113.66',
      multiValue: [{ value: '203.0.113.66' }, { value: '10.0.0.1' }],
    };
    const request = handler({
      viewer: { ip: '2001:db8::7' },
      request: {
        uri: '/auth/v1/token',
        headers: { [VIEWER_IP_HEADER]: forged, apikey: { value: 'k' } },
      },
    });
    expect(request.headers[VIEWER_IP_HEADER]).toEqual({ value: '2001:db8::7' });
    expect(request.headers.apikey).toEqual({ value: 'k' });
    expect(handler({ viewer: { ip: '198.51.100.7' }, request: { headers: {} } }).headers).toEqual({
      [VIEWER_IP_HEADER]: { value: '198.51.100.7' },
    });
  });

  test('the response-headers policy carries the shared security headers', () => {
    const [, policy] = only('AWS::CloudFront::ResponseHeadersPolicy');
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: CONTENT_SECURITY_POLICY,
      Override: true,
    });
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toMatch(
      /script-src 'self' 'sha256-[\w+/]+=*'(;|$)/,
    );
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).not.toMatch(
      /script-src[^;]*'unsafe-inline'/,
    );
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: Number(/max-age=(\d+)/.exec(STRICT_TRANSPORT_SECURITY)![1]),
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({
      ReferrerPolicy: SECURITY_HEADERS['Referrer-Policy'],
      Override: true,
    });
    const custom = policy.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
    expect(custom).toEqual([
      {
        Header: 'Permissions-Policy',
        Value: 'camera=(), microphone=(), geolocation=(), payment=()',
        Override: true,
      },
      { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
    ]);
  });

  test('the headers policy is on every behaviour, the API ones included', () => {
    const [policyId] = only('AWS::CloudFront::ResponseHeadersPolicy');
    const config = distributionConfig();
    const behaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(behaviors).toHaveLength(1 + API_PATH_PATTERNS.length);
    for (const behavior of behaviors) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  test('the SPA is cached by CloudFront; the API behaviours never are', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(config.DefaultRootObject).toBe('index.html');
    const apiOrigin = config.Origins.find((o: Record<string, unknown>) => o.CustomOriginConfig);
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(
      [...API_PATH_PATTERNS].sort(),
    );
    for (const behavior of config.CacheBehaviors) {
      expect(behavior).toMatchObject({
        TargetOriginId: apiOrigin.Id,
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        Compress: true,
      });
      expect([...behavior.AllowedMethods].sort()).toEqual(
        ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
      );
    }
  });

  test('the API origin is the HTTP API over HTTPS only, with the origin-verify header', () => {
    const [apiId] = only('AWS::ApiGatewayV2::Api');
    const [secretId] = Object.entries(resources).find(
      ([id, r]) => r.Type === 'AWS::SecretsManager::Secret' && id.startsWith('OriginVerifySecret'),
    )!;
    const apiOrigin = distributionConfig().Origins.find(
      (o: Record<string, unknown>) => o.CustomOriginConfig,
    );
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(apiOrigin.DomainName)).toContain(apiId);
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: {
          'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
        },
      },
    ]);
  });

  test('hashed assets are deployed immutable, the entry HTML files and config.json uncached', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const hashed = deployments.find((d) => d.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    const entry = deployments.find((d) => d !== hashed)!;
    expect(hashed.Properties.SystemMetadata).toEqual({
      'cache-control': HASHED_ASSETS_CACHE_CONTROL,
    });
    expect(entry.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(entry.Properties.DistributionPaths).toEqual([
      ...ENTRY_FILES.map((file) => `/${file}`),
      '/config.json',
      '/sitemap.xml',
    ]);
    expect(entry.Properties.DistributionPaths).toContain('/404.html');
    // Neither prunes the other's files; the entry files go after the assets they reference.
    expect(hashed.Properties.Prune).toBe(false);
    expect(entry.Properties.Prune).toBe(false);
    const [entryId] = Object.entries(template.findResources('Custom::CDKBucketDeployment')).find(
      ([, d]) => d === entry,
    )!;
    expect(JSON.stringify(resources[entryId]!.DependsOn)).toMatch(/DeployHashedAssets/);
  });

  test('config.json holds the site origin (the CloudFront URL) and the publishable key', () => {
    const entry = Object.values(template.findResources('Custom::CDKBucketDeployment')).find(
      (d) => d.Properties.SourceMarkers,
    )!;
    const [distributionId] = only('AWS::CloudFront::Distribution');
    const configIndex = entry.Properties.SourceMarkers.findIndex(
      (markers: Record<string, unknown>) => Object.keys(markers).length > 0,
    );
    const markers = entry.Properties.SourceMarkers[configIndex];
    const [marker] = Object.keys(markers);
    expect(markers[marker!]).toEqual({ 'Fn::GetAtt': [distributionId, 'DomainName'] });

    // Staged as a directory in the assembly; zipped only when published.
    const objectKey = entry.Properties.SourceObjectKeys[configIndex] as string;
    const stagedDir = path.join(app.outdir, `asset.${objectKey.replace(/\.zip$/, '')}`);
    expect(readdirSync(stagedDir)).toEqual(['config.json']);
    const configJson = JSON.parse(readFileSync(path.join(stagedDir, 'config.json'), 'utf8'));
    expect(configJson).toEqual({ url: `https://${marker}`, publishableKey: PUBLISHABLE_KEY });
  });
});

describe('optional custom domain', () => {
  test('the distribution answers for the domain with its us-east-1 certificate over TLS 1.2+', () => {
    withDomain.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['letters.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE_ARN,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  test('the site URL, allowed origins, config.json (with the operator), sitemap and webhook URL use the domain', () => {
    const site = 'https://letters.example.com';
    const auth = withDomain.toJSON().Resources[functionLogicalId({ id: 'Auth' })];
    expect(auth.Properties.Environment.Variables).toMatchObject({
      SITE_URL: site,
      ALLOWED_ORIGINS: site,
    });
    expect(withDomain.toJSON().Outputs.StripeWebhookUrl.Value).toBe(
      `${site}/functions/v1/stripe-webhook`,
    );
    const entry = Object.values(withDomain.findResources('Custom::CDKBucketDeployment')).find(
      (d) => d.Properties.DistributionPaths,
    )!;
    const stagedConfig = entry.Properties.SourceObjectKeys.map((key: string) =>
      path.join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'),
    ).find((file: string) => existsSync(file));
    expect(JSON.parse(readFileSync(stagedConfig, 'utf8'))).toEqual({
      url: site,
      publishableKey: PUBLISHABLE_KEY,
      operatorName: OPERATOR_NAME,
      operatorAddress: OPERATOR_ADDRESS,
    });
    const stagedSitemap = entry.Properties.SourceObjectKeys.map((key: string) =>
      path.join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'sitemap.xml'),
    ).find((file: string) => existsSync(file));
    expect(readFileSync(stagedSitemap, 'utf8')).toBe(sitemapXml(site));
  });
});

describe('API and functions', () => {
  const functionOf = (spec: Pick<ApiFunctionSpec, 'id'>) => resources[functionLogicalId(spec)]!;
  const ourFunctionIds = [
    ...API_FUNCTIONS.map(functionLogicalId),
    ORIGIN_VERIFY_LOGICAL_ID,
    JWT_KEYS_GENERATOR_LOGICAL_ID,
  ];

  test('every function runs the newest Node.js of aws-cdk-lib on arm64, with sensible limits', () => {
    const nodeVersions = Object.values(Runtime)
      .filter((runtime): runtime is Runtime => runtime instanceof Runtime)
      .map((runtime) => Number(/^nodejs(\d+)\.x$/.exec(runtime.name)?.[1] ?? 0));
    const newest = `nodejs${Math.max(...nodeVersions)}.x`;
    expect(newest).toBe('nodejs24.x');
    expect(LAMBDA_BUNDLING.target).toBe('node24');
    for (const id of ourFunctionIds) {
      const fn = resources[id]!;
      expect(fn.Type, id).toBe('AWS::Lambda::Function');
      expect(fn.Properties).toMatchObject({
        Runtime: newest,
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
      expect(fn.Properties.MemorySize).toBeGreaterThanOrEqual(256);
      expect(fn.Properties.MemorySize).toBeLessThanOrEqual(1769);
      // API Gateway gives an integration (and an authorizer) at most 30 s.
      const limit = id === JWT_KEYS_GENERATOR_LOGICAL_ID ? 60 : 29;
      expect(fn.Properties.Timeout, id).toBeLessThanOrEqual(limit);
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(resources[logGroupId]).toMatchObject({
        Type: 'AWS::Logs::LogGroup',
        Properties: { RetentionInDays: 30 },
      });
    }
    expect(resources[functionLogicalId({ id: 'Auth' })]!.Properties.MemorySize).toBe(1024);
  });

  test('each route goes to its function, behind the origin-verify authorizer', () => {
    const [authorizerId, authorizer] = only('AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      AuthorizerResultTtlInSeconds: 3600,
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(ORIGIN_VERIFY_LOGICAL_ID);

    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    const expected = API_FUNCTIONS.flatMap((spec) =>
      spec.routes.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)),
    );
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual([...expected].sort());
    for (const spec of API_FUNCTIONS) {
      for (const route of spec.routes) {
        for (const method of route.methods) {
          const found = routes.find((r) => r.Properties.RouteKey === `${method} ${route.path}`)!;
          expect(found.Properties).toMatchObject({
            AuthorizationType: 'CUSTOM',
            AuthorizerId: { Ref: authorizerId },
          });
          const integrationId = (
            found.Properties.Target['Fn::Join'][1] as Array<{ Ref?: string }>
          ).find((part) => part.Ref)!.Ref!;
          const integration = resources[integrationId]!;
          expect(integration.Properties).toMatchObject({
            IntegrationType: 'AWS_PROXY',
            PayloadFormatVersion: '2.0',
            IntegrationUri: { 'Fn::GetAtt': [functionLogicalId(spec), 'Arn'] },
          });
        }
      }
    }
  });

  test('every route has a sample API Gateway v2 event under events/', () => {
    const eventsDir = path.join(import.meta.dirname, '..', 'events');
    const referenced = new Set<string>([
      'origin-verify-authorizer.json',
      'stripe-reconcile-scheduled.json', // EventBridge Scheduler's invocation (no route)
    ]);
    for (const spec of API_FUNCTIONS) {
      const routeKeys = spec.routes.flatMap((route) =>
        route.methods.map((method) => `${method} ${route.path}`),
      );
      for (const name of spec.events) {
        referenced.add(name);
        const event = JSON.parse(readFileSync(path.join(eventsDir, name), 'utf8'));
        expect(event.version, name).toBe('2.0');
        expect(routeKeys, name).toContain(event.routeKey);
        expect(event.requestContext.routeKey, name).toBe(event.routeKey);
        const [method, routePath] = event.routeKey.split(' ');
        const pathPattern = new RegExp(`^${routePath.replace('{proxy+}', '.+')}$`);
        expect(event.rawPath, name).toMatch(pathPattern);
        if (method !== 'ANY') expect(event.requestContext.http.method, name).toBe(method);
      }
      expect(spec.events.length, spec.id).toBeGreaterThan(0);
    }
    expect(readdirSync(eventsDir).sort()).toEqual([...referenced].sort());
  });

  test('the API stage is throttled and writes access logs', () => {
    const [, stage] = only('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
    expect(stage.Properties.AccessLogSettings.Format).toContain('"routeKey":"$context.routeKey"');
  });

  test('token, sign-up, one-time codes, user and the rest of /auth/v1 each have their own throttle', () => {
    const [, stage] = only('AWS::ApiGatewayV2::Stage');
    const throttle = (limits: { rateLimit: number; burstLimit: number }) => ({
      ThrottlingRateLimit: limits.rateLimit,
      ThrottlingBurstLimit: limits.burstLimit,
    });
    expect(stage.Properties.RouteSettings).toEqual({
      'POST /auth/v1/token': throttle(AUTH_THROTTLES.token),
      'POST /auth/v1/signup': throttle(AUTH_THROTTLES.signup),
      'POST /auth/v1/otp': throttle(AUTH_THROTTLES.oneTimeCodes),
      'POST /auth/v1/recover': throttle(AUTH_THROTTLES.oneTimeCodes),
      'POST /auth/v1/resend': throttle(AUTH_THROTTLES.oneTimeCodes),
      'POST /auth/v1/verify': throttle(AUTH_THROTTLES.oneTimeCodes),
      'GET /auth/v1/verify': throttle(AUTH_THROTTLES.oneTimeCodes),
      'GET /auth/v1/user': throttle(AUTH_THROTTLES.user),
      'PUT /auth/v1/user': throttle(AUTH_THROTTLES.user),
      'ANY /auth/v1/{proxy+}': throttle(AUTH_THROTTLES.rest),
    });
    // Sign-in and refresh keep a bucket no other route draws from, larger than the flooded ones.
    expect(AUTH_THROTTLES.token.rateLimit).toBeGreaterThan(AUTH_THROTTLES.signup.rateLimit);
    expect(AUTH_THROTTLES.token.rateLimit).toBeGreaterThan(AUTH_THROTTLES.rest.rateLimit);
    // API Gateway refuses settings for a route that does not exist yet.
    const routeIds = Object.entries(template.findResources('AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => route.Properties.RouteKey in stage.Properties.RouteSettings)
      .map(([id]) => id);
    expect(routeIds).toHaveLength(10);
    const [, stageResource] = only('AWS::ApiGatewayV2::Stage');
    expect(stageResource.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  test("every auth endpoint the router serves reaches its group's route", () => {
    const keys = API_FUNCTIONS.find((spec) => spec.id === 'Auth')!.routes.flatMap((route) =>
      route.methods.map((method) => `${method} ${route.path}`),
    );
    const routeOf = (method: string, endpoint: string) =>
      keys.find((key) => key === `${method} /auth/v1/${endpoint}`) ??
      keys.find((key) => key === 'ANY /auth/v1/{proxy+}');
    const router = readFileSync(
      path.join(import.meta.dirname, '..', 'lambdas/auth/router.ts'),
      'utf8',
    );
    const served = [...router.matchAll(/app\.(get|post|put)\(\s*'\/([^']+)'/g)].map(
      ([, method, endpoint]) => [method!.toUpperCase(), endpoint!] as const,
    );
    expect(served.length).toBeGreaterThanOrEqual(13);
    const group = Object.fromEntries(
      served.map(([method, endpoint]) => [`${method} ${endpoint}`, routeOf(method, endpoint)]),
    );
    expect(group).toMatchObject({
      'POST token': 'POST /auth/v1/token',
      'POST signup': 'POST /auth/v1/signup',
      'POST otp': 'POST /auth/v1/otp',
      'POST recover': 'POST /auth/v1/recover',
      'POST resend': 'POST /auth/v1/resend',
      'POST verify': 'POST /auth/v1/verify',
      'GET verify': 'GET /auth/v1/verify',
      'GET user': 'GET /auth/v1/user',
      'PUT user': 'PUT /auth/v1/user',
      'GET health': 'ANY /auth/v1/{proxy+}',
      'POST logout': 'ANY /auth/v1/{proxy+}',
    });
  });

  test('a CloudFront WAF web ACL is offered as a context value, and checked', () => {
    expect(distributionConfig().WebACLId).toBeUndefined();
    const webAclArn =
      'arn:aws:wafv2:us-east-1:123456789012:global/webacl/cdl-rate-limit/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab';
    const config = Object.values(
      withExistingTable.findResources('AWS::CloudFront::Distribution'),
    )[0]!.Properties.DistributionConfig;
    expect(config.WebACLId).toBe(webAclArn);
    const regional = webAclArn.replace('us-east-1', 'eu-west-1').replace('global', 'regional');
    const props = {
      siteDir,
      stripePriceId: PRICE_ID,
      publishableKey: PUBLISHABLE_KEY,
      jwtSigningKeysGeneration: '1',
      allowAnonymousOperator: true,
    };
    expect(settingsProblems({ ...props, webAclArn })).toEqual([]);
    expect(settingsProblems({ ...props, webAclArn: regional }).join()).toMatch(
      /webAclArn must be a WAFv2 web ACL of scope CLOUDFRONT/,
    );
  });

  test('each function gets exactly the table actions and secrets it uses', () => {
    const tableId = logicalIdOf('AWS::DynamoDB::Table', 'Table');
    const secretIds: Record<string, string> = {
      JWT_SIGNING_KEYS: logicalIdOf('AWS::SecretsManager::Secret', 'JwtSigningKeysSecret'),
      REFRESH_TOKEN_SECRET: logicalIdOf('AWS::SecretsManager::Secret', 'RefreshTokenSecret'),
      STRIPE_SECRET_KEY: logicalIdOf('AWS::SecretsManager::Secret', 'StripeSecretKey'),
      STRIPE_WEBHOOK_SECRET: logicalIdOf('AWS::SecretsManager::Secret', 'StripeWebhookSecret'),
    };
    for (const spec of API_FUNCTIONS) {
      const roleId = functionOf(spec).Properties.Role['Fn::GetAtt'][0] as string;
      const policies = Object.values(resources).filter(
        (r) =>
          r.Type === 'AWS::IAM::Policy' &&
          r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
      );
      expect(policies, spec.id).toHaveLength(1);
      const statements = policies[0]!.Properties.PolicyDocument.Statement as Array<{
        Action: string | string[];
        Resource: unknown;
        Effect: string;
      }>;
      const tableStatements = statements.filter((s) =>
        JSON.stringify(s.Resource).includes(tableId),
      );
      // One statement for its reads, one for its writes (if any), each on its own prefixes.
      const grants = [spec.table.read, ...(spec.table.write ? [spec.table.write] : [])];
      expect(tableStatements, spec.id).toHaveLength(grants.length);
      grants.forEach((grant, i) => {
        const tableActions = [tableStatements[i]!.Action].flat().sort();
        expect(tableActions, spec.id).toEqual(grant.actions.map((a) => `dynamodb:${a}`).sort());
        expect(tableActions.join(), spec.id).not.toMatch(/Scan|\*/);
        const { Condition } = tableStatements[i] as {
          Condition?: Record<string, Record<string, string[]>>;
        };
        const leadingKeys = Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? [];
        expect(leadingKeys, spec.id).toEqual(grant.leadingKeys.map((prefix) => `${prefix}*`));
        // Profiles, password hashes and code MACs: auth's alone.
        for (const prefix of ['USER#*', 'EMAIL#*', 'AUTH#*']) {
          expect(leadingKeys.includes(prefix), `${spec.id} ${prefix}`).toBe(spec.id === 'Auth');
        }
      });

      const sesStatements = statements.filter((s) => [s.Action].flat()[0]!.startsWith('ses:'));
      if (spec.sendsEmail) {
        // Any identity of the account and region (the SES sandbox checks the recipients'
        // identities too) and the stack's configuration set, only ever from the configured sender.
        const [configurationSetId] = only('AWS::SES::ConfigurationSet');
        expect(sesStatements, spec.id).toHaveLength(1);
        expect(sesStatements[0]).toMatchObject({
          Action: 'ses:SendEmail',
          Effect: 'Allow',
          Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@letters.example.com' } },
        });
        expect((sesStatements[0]!.Resource as unknown[]).map(render).sort()).toEqual([
          `arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:configuration-set/<${configurationSetId}>`,
          'arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*',
        ]);
      } else {
        expect(sesStatements, spec.id).toEqual([]);
      }

      const secretStatements = statements.filter(
        (s) => !tableStatements.includes(s) && !sesStatements.includes(s),
      );
      const grantedSecrets = secretStatements.map((s) => s.Resource).flat();
      expect(grantedSecrets.sort(), spec.id).toEqual(
        spec.secrets.map((name) => ({ Ref: secretIds[name] })).sort(),
      );
      for (const statement of secretStatements) {
        expect([statement.Action].flat().sort(), spec.id).toEqual([
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
        ]);
      }
      expect(statements.every((s) => s.Effect === 'Allow')).toBe(true);
    }
  });

  test('each function reads the settings its config names, and no secret value', () => {
    const [keySetId] = only('Custom::JwtSigningKeys');
    for (const spec of API_FUNCTIONS) {
      const variables = functionOf(spec).Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      const expectedNames = [
        'NODE_OPTIONS',
        'TABLE_NAME',
        ...(spec.browserFacing ? ['PUBLISHABLE_KEY', 'SITE_URL', 'ALLOWED_ORIGINS'] : []),
        ...(spec.rateLimitsByIp ? ['CLIENT_IP_HEADER'] : []),
        ...(spec.verifiesAccessTokens ? ['JWT_PUBLIC_JWKS'] : []),
        ...(spec.usesStripe ? ['STRIPE_PRICE_ID'] : []),
        ...(spec.sendsEmail ? ['MAIL_FROM', 'SES_CONFIGURATION_SET', 'AUTH_AUTOCONFIRM'] : []),
        ...spec.secrets.map((name) => `${name}_SECRET_ARN`),
      ];
      expect(Object.keys(variables).sort(), spec.id).toEqual(expectedNames.sort());
      if (spec.browserFacing) expect(variables.PUBLISHABLE_KEY).toBe(PUBLISHABLE_KEY);
      if (spec.usesStripe) expect(variables.STRIPE_PRICE_ID).toBe(PRICE_ID);
      if (spec.sendsEmail) expect(variables.MAIL_FROM).toBe(MAIL_FROM);
      if (spec.sendsEmail) expect(variables.AUTH_AUTOCONFIRM).toBe('false');
      if (spec.verifiesAccessTokens) {
        expect(variables.JWT_PUBLIC_JWKS).toEqual({ 'Fn::GetAtt': [keySetId, 'PublicJwks'] });
      }
      expect(JSON.stringify(variables)).not.toContain('resolve:secretsmanager');
    }
    const auth = functionOf({ id: 'Auth' }).Properties.Environment.Variables;
    expect(auth.CLIENT_IP_HEADER).toBe(VIEWER_IP_HEADER);
  });

  test('e-mail confirmation is one setting, and it needs a sender', () => {
    expect(
      () =>
        new CreditDisputeLettersStack(new App(), 'ConfirmationWithoutSender', {
          siteDir,
          stripePriceId: PRICE_ID,
          publishableKey: PUBLISHABLE_KEY,
          jwtSigningKeysGeneration: '1',
          allowAnonymousOperator: true,
          emailConfirmation: true,
        }),
    ).toThrow('emailConfirmation needs mailFrom');
  });
});

describe('data and secrets', () => {
  test('the table follows the shared definition, with TTL and PITR, and is retained', () => {
    const [, table] = only('AWS::DynamoDB::Table');
    // Retained on stack deletion and on replacement; deleted if its own creation rolls back.
    expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: TABLE_DEFINITION.billingMode,
      KeySchema: [
        { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: {
        AttributeName: TABLE_DEFINITION.timeToLiveAttribute,
        Enabled: true,
      },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    expect(table.Properties.ProvisionedThroughput).toBeUndefined();
  });

  test('the JWT signing keys are generated at deploy into their secret, by its own function', () => {
    const [, keySet] = only('Custom::JwtSigningKeys');
    const secretId = logicalIdOf('AWS::SecretsManager::Secret', 'JwtSigningKeysSecret');
    expect(keySet.Properties).toMatchObject({
      SecretArn: { Ref: secretId },
      Generation: '1',
      EmergencyGeneration: '',
    });
    const generatorRoleId = resources[JWT_KEYS_GENERATOR_LOGICAL_ID]!.Properties.Role[
      'Fn::GetAtt'
    ][0] as string;
    const policy = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        r.Properties.Roles.some((role: { Ref: string }) => role.Ref === generatorRoleId),
    )!;
    const statements = policy.Properties.PolicyDocument.Statement as Array<{ Resource: unknown }>;
    for (const statement of statements) expect(statement.Resource).toEqual({ Ref: secretId });
    // The auth function starts only once the keys exist.
    expect(resources[functionLogicalId({ id: 'Auth' })]!.DependsOn).toContain(
      Object.keys(template.findResources('Custom::JwtSigningKeys'))[0],
    );
  });

  test('the refresh-token MAC key is its own generated secret, read by the auth function alone', () => {
    const secretId = logicalIdOf('AWS::SecretsManager::Secret', 'RefreshTokenSecret');
    expect(resources[secretId]!.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
    });
    const variablesOf = (id: string) =>
      resources[functionLogicalId({ id })]!.Properties.Environment.Variables;
    const readers = API_FUNCTIONS.filter((spec) =>
      JSON.stringify(variablesOf(spec.id)).includes(secretId),
    );
    expect(readers.map((spec) => spec.id)).toEqual(['Auth']);
    expect(variablesOf('Auth')).toMatchObject({
      REFRESH_TOKEN_SECRET_SECRET_ARN: { Ref: secretId },
    });
    // Not derived from the signing keys: the key generator never touches it.
    expect(JSON.stringify(only('Custom::JwtSigningKeys')[1])).not.toContain(secretId);
  });

  test('an emergency rotation is its own context value, passed to the key generator', () => {
    const keySet = Object.values(withExistingTable.findResources('Custom::JwtSigningKeys'))[0]!;
    expect(keySet.Properties).toMatchObject({ Generation: '1', EmergencyGeneration: '2' });
  });

  test('the origin-verify authorizer reads only its secret', () => {
    const verifier = resources[ORIGIN_VERIFY_LOGICAL_ID]!;
    const secretId = logicalIdOf('AWS::SecretsManager::Secret', 'OriginVerifySecret');
    expect(verifier.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_SECRET_ARN).toEqual({
      Ref: secretId,
    });
    const roleId = verifier.Properties.Role['Fn::GetAtt'][0] as string;
    const policy = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        Effect: 'Allow',
        Resource: { Ref: secretId },
      },
    ]);
  });
});

describe('operations and outputs', () => {
  test('every API function has an error alarm wired to the alarm topic', () => {
    const [topicId] = only('AWS::SNS::Topic');
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    for (const spec of API_FUNCTIONS) {
      const alarm = alarms.find(
        (a) =>
          a.Properties.MetricName === 'Errors' &&
          a.Properties.Dimensions?.[0]?.Value?.Ref === functionLogicalId(spec),
      );
      expect(alarm, spec.id).toBeDefined();
      expect(alarm!.Properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        Threshold: 1,
        AlarmActions: [{ Ref: topicId }],
      });
    }
  });

  test('failed Stripe webhook deliveries raise an alarm from the API access log', () => {
    const filterId = logicalIdOf('AWS::Logs::MetricFilter', 'StripeWebhookFailures');
    const filter = resources[filterId]!;
    expect(filter.Properties.FilterPattern).toBe(
      '{ ($.routeKey = "POST /functions/v1/stripe-webhook") && ($.status >= 400) }',
    );
    const transformation = filter.Properties.MetricTransformations[0];
    const alarm = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find(
      (a) => a.Properties.MetricName === transformation.MetricName,
    );
    expect(filterId).toMatch(/^StripeWebhookFailures/);
    expect(alarm!.Properties).toMatchObject({
      Namespace: transformation.MetricNamespace,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  test('outputs: site URL, Stripe webhook URL and the secrets the operator sets', () => {
    const [distributionId] = only('AWS::CloudFront::Distribution');
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.StripeWebhookUrl!.Value).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          { 'Fn::GetAtt': [distributionId, 'DomainName'] },
          '/functions/v1/stripe-webhook',
        ],
      ],
    });
    expect(outputs.SiteUrl!.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
    });
    expect(outputs.StripeSecretKeySecretArn!.Value).toEqual({
      Ref: logicalIdOf('AWS::SecretsManager::Secret', 'StripeSecretKey'),
    });
    expect(outputs.StripeWebhookSecretSecretArn!.Value).toEqual({
      Ref: logicalIdOf('AWS::SecretsManager::Secret', 'StripeWebhookSecret'),
    });
    expect(outputs.TableName).toBeDefined();
    expect(outputs.DistributionId).toBeDefined();
  });
});

/** A template value as text: `{Ref: X}` → `<X>`, `{Fn::GetAtt: [X, Y]}` → `<X.Y>`, joins joined. */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if ('Ref' in node) return `<${String(node.Ref)}>`;
  if ('Fn::GetAtt' in node) return `<${(node['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  throw new Error(`Cannot render ${JSON.stringify(value)}`);
}

const settings = (overrides: Partial<CreditDisputeLettersStackProps>) =>
  new CreditDisputeLettersStack(new App(), 'Settings', {
    siteDir,
    stripePriceId: PRICE_ID,
    publishableKey: PUBLISHABLE_KEY,
    jwtSigningKeysGeneration: '1',
    allowAnonymousOperator: true,
    ...overrides,
  });

describe('first deploy: wrong settings stop the synth, missing steps are said', () => {
  test('cdk.json ships no Stripe price: each operator passes their own', () => {
    expect(CDK_JSON.context.stripePriceId).toBeUndefined();
  });

  test("a missing or the emulator's stripePriceId fails the synth, saying what to pass", () => {
    expect(() => settings({ stripePriceId: '' })).toThrow(StackSettingsError);
    expect(() => settings({ stripePriceId: ' ' })).toThrow(
      /stripePriceId is not set\. .*-c stripePriceId=price_…/,
    );
    expect(() => settings({ stripePriceId: PLAN.priceId })).toThrow(
      `stripePriceId is the local Stripe emulator's ${PLAN.priceId}`,
    );
  });

  test('a certificate outside us-east-1 fails the synth; every problem is listed at once', () => {
    const euCertificate = CERTIFICATE_ARN.replace('us-east-1', 'eu-west-1');
    expect(() =>
      settings({
        customDomain: { domainName: 'letters.example.com', certificateArn: euCertificate },
      }),
    ).toThrow(
      `certificateArn must be an ACM certificate in us-east-1 (the only region CloudFront takes certificates from); this one is in eu-west-1: ${euCertificate}`,
    );
    const problems = settingsProblems({
      siteDir,
      stripePriceId: '',
      publishableKey: PUBLISHABLE_KEY,
      jwtSigningKeysGeneration: '1',
      allowAnonymousOperator: true,
      customDomain: { domainName: 'letters.example.com', certificateArn: 'not-an-arn' },
      emailConfirmation: true,
      mailFrom: 'Credit Dispute Letters',
      monthlyBudgetUsd: 0,
    });
    expect(problems).toHaveLength(4);
    expect(problems[1]).toContain('this one is not an ACM ARN');
    expect(problems[2]).toBe(
      'mailFrom must contain an e-mail address, got "Credit Dispute Letters"',
    );
    expect(problems[3]).toBe('monthlyBudgetUsd must be a positive number of US dollars, got 0');
  });

  test('alarmEmail unset: a synth warning; set: subscribed, no warning', () => {
    Annotations.fromStack(mainStack).hasWarning(
      `/${STACK_NAME}`,
      Match.stringLikeRegexp('^alarmEmail is not set: .*-c alarmEmail=you@example.com'),
    );
    Annotations.fromStack(domainStack).hasNoWarning('*', Match.stringLikeRegexp('alarmEmail'));
    withDomain.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: ALARM_EMAIL,
    });
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  test('the NextSteps output gives the exact commands: secrets, webhook, SES, alarms, operator', () => {
    const stripeKeyId = logicalIdOf('AWS::SecretsManager::Secret', 'StripeSecretKey');
    const webhookSecretId = logicalIdOf('AWS::SecretsManager::Secret', 'StripeWebhookSecret');
    const [topicId] = only('AWS::SNS::Topic');
    const [distributionId] = only('AWS::CloudFront::Distribution');
    const site = `https://<${distributionId}.DomainName>`;
    const lines = render(template.toJSON().Outputs.NextSteps.Value).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      `1. Stripe secret key: aws secretsmanager put-secret-value --region <AWS::Region> --secret-id <${stripeKeyId}> --secret-string 'sk_live_…'`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^2\\. Stripe webhook endpoint: curl https://api\\.stripe\\.com/v1/webhook_endpoints -u sk_live_…: -d url=${site.replace(/[.]/g, '\\.')}/functions/v1/stripe-webhook -d api_version=${STRIPE_API_VERSION} -d 'enabled_events\\[\\]=`,
      ),
    );
    const events = [...lines[1]!.matchAll(/-d 'enabled_events\[\]=([\w.]+)'/g)].map((m) => m[1]);
    expect(events).toEqual([...SYNCED_EVENT_TYPES]);
    expect(lines[2]).toBe(
      `3. Its signing secret (the "secret" curl printed): aws secretsmanager put-secret-value --region <AWS::Region> --secret-id <${webhookSecretId}> --secret-string 'whsec_…'`,
    );
    expect(lines[3]).toMatch(
      /^4\. SES sender, in this region: aws sesv2 create-email-identity --region <AWS::Region> --email-identity no-reply@letters\.example\.com .*In the SES sandbox only verified recipients get mail; leave it with: aws sesv2 put-account-details --region <AWS::Region> --production-access-enabled --mail-type TRANSACTIONAL --website-url https:/,
    );
    expect(lines[4]).toBe(
      `5. Alarms reach nobody yet: aws sns subscribe --region <AWS::Region> --topic-arn <${topicId}> --protocol email --notification-endpoint you@example.com (or redeploy with -c alarmEmail=you@example.com)`,
    );

    // Without a sender and with an alarm address, those two lines say so.
    const other = render(withDomain.toJSON().Outputs.NextSteps.Value).split('\n');
    expect(other[3]).toBe(
      "4. E-mail (password recovery, magic links) is off: aws sesv2 create-email-identity --region <AWS::Region> --email-identity no-reply@your-domain, then redeploy with -c mailFrom='Name <no-reply@your-domain>'",
    );
    expect(other[4]).toBe(`5. Alarms: confirm the subscription e-mail AWS sent to ${ALARM_EMAIL}`);
    // Who runs the site: asked for until both name and address are given.
    expect(lines[5]).toBe(
      "6. Who runs the site: the footer, /privacy and /terms say it is not given; redeploy with -c operatorName='Your Name or Company' -c operatorAddress='Street, City, ST 12345'",
    );
    expect(other[5]).toBe(
      '6. Who runs the site: check the name and postal address on /privacy and /terms',
    );
    expect(other[1]).toContain('-d url=https://letters.example.com/functions/v1/stripe-webhook ');
  });
});

describe('a second copy, and the retained table', () => {
  test('account-wide CloudFront names carry the region, so another region can deploy a copy', () => {
    const [, policy] = only('AWS::CloudFront::ResponseHeadersPolicy');
    expect(render(policy.Properties.ResponseHeadersPolicyConfig.Name)).toBe(
      `${STACK_NAME}-SecurityHeaders-<AWS::Region>`,
    );
    const [, oac] = only('AWS::CloudFront::OriginAccessControl');
    expect(render(oac.Properties.OriginAccessControlConfig.Name)).toBe(
      `${STACK_NAME}-SiteOAC-<AWS::Region>`,
    );
    const cloudFrontFunctions = Object.values(template.findResources('AWS::CloudFront::Function'));
    for (const cloudFrontFunction of cloudFrontFunctions) {
      expect(render(cloudFrontFunction.Properties.Name)).toMatch(/^<AWS::Region>/);
    }
  });

  test('deletion protection comes on once the table exists, and goes off only for its removal', () => {
    const [tableId, table] = only('AWS::DynamoDB::Table');
    // In the table's own properties it would block the rollback of a failed first deploy.
    expect(table.Properties.DeletionProtectionEnabled).toBeUndefined();
    const [, protection] = Object.entries(resources).find(
      ([id, r]) => r.Type === 'Custom::AWS' && id.startsWith('TableDeletionProtection'),
    )!;
    const call = (name: string) => JSON.parse(render(protection.Properties[name]));
    for (const name of ['Create', 'Update']) {
      expect(call(name)).toMatchObject({
        service: 'DynamoDB',
        action: 'updateTable',
        parameters: { TableName: `<${tableId}>`, DeletionProtectionEnabled: true },
      });
    }
    expect(call('Delete').parameters).toEqual({
      TableName: `<${tableId}>`,
      DeletionProtectionEnabled: false,
    });
    // The other custom call is the reconciliation's first run (infra/billing.ts).
    withExistingTable.resourceCountIs('Custom::AWS', 1);
  });

  test('existingTableName re-attaches a retained table: no new table, every grant on that one', () => {
    const json = withExistingTable.toJSON();
    withExistingTable.resourceCountIs('AWS::DynamoDB::Table', 0);
    const tableArn = `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${EXISTING_TABLE}`;
    for (const spec of API_FUNCTIONS) {
      const fn = json.Resources[functionLogicalId(spec)];
      expect(fn.Properties.Environment.Variables.TABLE_NAME).toBe(EXISTING_TABLE);
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const policy = Object.values(json.Resources as Record<string, Resource>).find(
        (r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles[0].Ref === roleId,
      )!;
      const tableResources = policy.Properties.PolicyDocument.Statement.filter(
        (s: { Action: string[] }) => [s.Action].flat()[0]!.startsWith('dynamodb:'),
      ).flatMap((s: { Resource: unknown }) => [s.Resource].flat().map(render));
      expect(tableResources.length, spec.id).toBeGreaterThan(0);
      for (const resource of tableResources) expect(resource).toBe(tableArn);
    }
    expect(json.Outputs.TableName.Value).toBe(EXISTING_TABLE);
  });
});

describe('operations: alarms to the TLS-only topic, budget, logs', () => {
  const alarms = () =>
    Object.entries(template.findResources('AWS::CloudWatch::Alarm')) as Array<[string, Resource]>;
  const metricsOf = (alarm: Resource): Array<Resource['Properties']> =>
    alarm.Properties.Metrics
      ? alarm.Properties.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).map(
          (m: { MetricStat: { Metric: unknown } }) => m.MetricStat.Metric,
        )
      : [alarm.Properties];

  test('the alarm topic refuses publishing without TLS; every alarm tells it, and its recovery', () => {
    const [topicId] = only('AWS::SNS::Topic');
    const [, topicPolicy] = only('AWS::SNS::TopicPolicy');
    expect(topicPolicy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'sns:Publish',
        Principal: '*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    expect(alarms().length).toBeGreaterThan(0);
    for (const [id, alarm] of alarms()) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
    }
  });

  test("Lambda throttles of every API function and the authorizer; the authorizer's errors", () => {
    for (const id of [...API_FUNCTIONS.map(functionLogicalId), ORIGIN_VERIFY_LOGICAL_ID]) {
      for (const metricName of ['Throttles', 'Errors']) {
        const found = alarms().filter(([, alarm]) =>
          metricsOf(alarm).some(
            (m) =>
              m.MetricName === metricName &&
              m.Namespace === 'AWS/Lambda' &&
              m.Dimensions?.[0]?.Value?.Ref === id,
          ),
        );
        expect(found, `${id} ${metricName}`).toHaveLength(1);
        expect(found[0]![1].Properties.Threshold).toBe(1);
      }
    }
  });

  test('DynamoDB: throttle events, and system errors of every operation the functions use', () => {
    const [tableId] = only('AWS::DynamoDB::Table');
    const tableMetrics = (alarm: Resource) =>
      metricsOf(alarm).filter((m) => m.Namespace === 'AWS/DynamoDB');
    const throttled = alarms().find(([id]) => id.startsWith('TableThrottled'))![1];
    expect(
      tableMetrics(throttled)
        .map((m) => m.MetricName)
        .sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    const systemErrors = alarms().find(([id]) => id.startsWith('TableSystemErrors'))![1];
    const metrics = tableMetrics(systemErrors);
    expect(new Set(metrics.map((m) => m.MetricName))).toEqual(new Set(['SystemErrors']));
    expect(
      metrics
        .map((m) => m.Dimensions.find((d: { Name: string }) => d.Name === 'Operation').Value)
        .sort(),
    ).toEqual([
      'BatchGetItem',
      'BatchWriteItem',
      'DeleteItem',
      'GetItem',
      'PutItem',
      'Query',
      'TransactWriteItems',
      'UpdateItem',
    ]);
    for (const m of [...tableMetrics(throttled), ...metrics]) {
      expect(m.Dimensions).toContainEqual({ Name: 'TableName', Value: { Ref: tableId } });
    }
  });

  test('API: 4xx rate over the request count, and 429s from the access log', () => {
    const rate = alarms().find(([id]) => id.startsWith('Api4xxRate'))![1];
    expect(
      metricsOf(rate)
        .map((m) => m.MetricName)
        .sort(),
    ).toEqual(['4xx', 'Count']);
    const expression = rate.Properties.Metrics.find((m: { Expression?: string }) => m.Expression);
    expect(expression.Expression).toMatch(
      /^IF\(requests >= 20, 100 \* clientErrors \/ requests, 0\)$/,
    );
    expect(rate.Properties.Threshold).toBe(25);

    const filter = resources[logicalIdOf('AWS::Logs::MetricFilter', 'ApiRateLimited')]!;
    expect(filter.Properties.FilterPattern).toBe('{ $.status = 429 }');
    expect(filter.Properties.LogGroupName).toEqual({
      Ref: logicalIdOf('AWS::Logs::LogGroup', 'ApiAccessLogs'),
    });
    const { MetricName, MetricNamespace } = filter.Properties.MetricTransformations[0];
    // A rate: 429s over all requests, once there are enough requests for it to mean something.
    const tooMany = alarms().find(([id]) => id.startsWith('Api429Rate'))![1];
    expect(
      metricsOf(tooMany)
        .map((m) => m.MetricName)
        .sort(),
    ).toEqual(['ApiRateLimited', 'Count']);
    expect(metricsOf(tooMany).find((m) => m.MetricName === MetricName)!.Namespace).toBe(
      MetricNamespace,
    );
    const rateExpression = tooMany.Properties.Metrics.find(
      (m: { Expression?: string }) => m.Expression,
    );
    expect(rateExpression.Expression).toBe(
      'IF(requests >= 20, 100 * FILL(rateLimited, 0) / requests, 0)',
    );
    expect(tooMany.Properties.Threshold).toBe(10);
    expect(alarms().filter(([id]) => id.startsWith('Api429'))).toHaveLength(1);
  });

  test('a monthly AWS cost budget ($10 unless context says) reports to the topic, which lets it', () => {
    const [topicId] = only('AWS::SNS::Topic');
    const [, budget] = only('AWS::Budgets::Budget');
    expect(budget.Properties.Budget).toEqual({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' },
    });
    expect(DEFAULT_MONTHLY_BUDGET_USD).toBe(10);
    expect(
      budget.Properties.NotificationsWithSubscribers.map(
        (n: { Notification: { NotificationType: string } }) => n.Notification.NotificationType,
      ),
    ).toEqual(['FORECASTED', 'ACTUAL']);
    for (const notification of budget.Properties.NotificationsWithSubscribers) {
      expect(notification.Subscribers).toEqual([
        { SubscriptionType: 'SNS', Address: { Ref: topicId } },
      ]);
    }
    const [, topicPolicy] = only('AWS::SNS::TopicPolicy');
    expect(topicPolicy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'sns:Publish',
        Principal: { Service: 'budgets.amazonaws.com' },
        Condition: expect.objectContaining({
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        }),
      }),
    );
    withDomain.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: 25, Unit: 'USD' } }),
    });
  });

  test('CloudFront writes standard logs to a private bucket that expires them', () => {
    const logBucketId = logicalIdOf('AWS::S3::Bucket', 'CloudFrontLogs');
    const logBucket = resources[logBucketId]!;
    expect(distributionConfig().Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logBucketId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    expect(logBucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Status: 'Enabled', ExpirationInDays: CLOUDFRONT_LOG_DAYS }),
    ]);
    expect(CLOUDFRONT_LOG_DAYS).toBe(30);
    expect(logBucket.Properties.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  test('every function logs to a log group of the stack with a retention, CDK handlers included', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    // Ours, the JWT provider framework's, the bucket deployment's and the bucket auto-delete's.
    expect(functions.length).toBeGreaterThanOrEqual(API_FUNCTIONS.length + 4);
    for (const [id, fn] of functions) {
      const logGroupId = fn.Properties.LoggingConfig?.LogGroup?.Ref as string;
      expect(resources[logGroupId]?.Type, id).toBe('AWS::Logs::LogGroup');
    }
    for (const [id, logGroup] of Object.entries(template.findResources('AWS::Logs::LogGroup'))) {
      expect(logGroup.Properties.RetentionInDays, id).toBe(30);
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  test('no unacknowledged finding in any stack, and each acknowledgment gives its reason', () => {
    // The synth in beforeAll would have thrown on one; the report it wrote holds none.
    const report = JSON.parse(
      readFileSync(path.join(app.outdir, 'validation-report.json'), 'utf8'),
    );
    const nag = report.pluginReports.filter(
      (r: { pluginName: string }) => r.pluginName !== 'Construct Annotations',
    );
    expect(nag).toEqual([]);
    const acknowledged = [mainStack, domainStack]
      .flatMap((stack) => stack.node.findAll())
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>));
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const [id, reason] of acknowledged) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });

  test('the pack is live: an unacknowledged finding fails the synth', () => {
    const probe = new App();
    new Bucket(new Stack(probe, 'Probe'), 'PlainBucket');
    Validations.of(probe).addPlugins(new AwsSolutionsChecks(probe));
    expect(() => probe.synth()).toThrow(/AwsSolutions-S10/);
    rmSync(probe.outdir, { recursive: true, force: true });
  });
});

describe('Stripe reconciliation (daily, and by hand)', () => {
  const fnId = STRIPE_RECONCILE_LOGICAL_ID;
  const statementsOfRole = (roleId: string) => {
    const policies = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    );
    expect(policies, roleId).toHaveLength(1);
    return policies[0]!.Properties.PolicyDocument.Statement as Array<{
      Action: string | string[];
      Resource: unknown;
      Effect: string;
      Condition?: unknown;
    }>;
  };

  test('its function gets/puts items and reads the Stripe key, nothing else', () => {
    const fn = resources[fnId]!;
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Timeout: 300,
    });
    const tableId = logicalIdOf('AWS::DynamoDB::Table', 'Table');
    const stripeKeyId = logicalIdOf('AWS::SecretsManager::Secret', 'StripeSecretKey');
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual([
      'NODE_OPTIONS',
      'STRIPE_SECRET_KEY_SECRET_ARN',
      'TABLE_NAME',
    ]);
    const statements = statementsOfRole(fn.Properties.Role['Fn::GetAtt'][0] as string);
    const table = statements.filter((s) => JSON.stringify(s.Resource).includes(tableId));
    expect(table).toHaveLength(2);
    expect([table[0]!.Action].flat().sort()).toEqual(
      RECONCILE_TABLE_GRANT.read.actions.map((action) => `dynamodb:${action}`),
    );
    expect([table[1]!.Action].flat().sort()).toEqual(
      RECONCILE_TABLE_GRANT.write!.actions.map((action) => `dynamodb:${action}`),
    );
    expect(table[0]).toMatchObject({
      Condition: {
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': ['BILLING#*', 'CUSTOMER#*', 'STRIPE_RECONCILE*'],
        },
      },
    });
    expect(table[1]).toMatchObject({
      Condition: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['BILLING#*', 'STRIPE_RECONCILE*'] },
      },
    });
    const others = statements.filter((s) => !table.includes(s));
    expect(others).toEqual([
      {
        Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        Effect: 'Allow',
        Resource: { Ref: stripeKeyId },
      },
    ]);
  });

  test('EventBridge Scheduler invokes it daily, with a role that may invoke only it', () => {
    const [, schedule] = only('AWS::Scheduler::Schedule');
    const { hour, minute } = RECONCILE_SCHEDULE;
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: `cron(${minute} ${hour} * * ? *)`,
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } },
    });
    const statements = statementsOfRole(schedule.Properties.Target.RoleArn['Fn::GetAtt'][0]);
    expect(statements.map((s) => s.Action)).toEqual(['lambda:InvokeFunction']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(fnId);
  });

  test('its failures raise an alarm; its name is an output, for running it by hand', () => {
    const [topicId] = only('AWS::SNS::Topic');
    const alarm = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::CloudWatch::Alarm' &&
        r.Properties.MetricName === 'Errors' &&
        JSON.stringify(r.Properties.Dimensions).includes(fnId),
    );
    expect(alarm?.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(template.toJSON().Outputs.StripeReconcileFunctionName.Value).toEqual({ Ref: fnId });
  });
});
