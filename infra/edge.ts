import { Aws, Duration, Stack } from 'aws-cdk-lib';
import {
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import {
  CUSTOM_SECURITY_HEADERS,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../shared/security-headers';
import { NOT_FOUND_HTML, ROUTE_ENTRY_FILES } from '../shared/site-entry';
import { VIEWER_IP_HEADER } from './api-routes';

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

const VIEWER_IP_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** Serves each client-side route its entry HTML (the default behaviour's viewer request). */
export function spaFallbackFunction(scope: Construct): CloudFrontFunction {
  return new CloudFrontFunction(scope, 'SpaFallback', {
    comment: 'Serves index.html for client-side routes (default behaviour only)',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
  });
}

/** Writes the viewer's IP into `VIEWER_IP_HEADER` (the API behaviours' viewer request). */
export function viewerIpFunction(scope: Construct): CloudFrontFunction {
  return new CloudFrontFunction(scope, 'ViewerIp', {
    comment: `Sets ${VIEWER_IP_HEADER} to the viewer's IP, replacing any viewer copy`,
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(VIEWER_IP_CODE),
  });
}

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
export function regionalName(scope: Construct, id: string, maxLength: number): string {
  // `Aws.REGION` resolves at deploy; the longest region name has 14 characters.
  const stackName = Stack.of(scope).stackName.slice(0, maxLength - id.length - 16);
  return `${stackName}-${id}-${Aws.REGION}`;
}

/** The CloudFront response-headers policy, from the same values the local server sends. */
export function securityHeadersPolicy(scope: Construct): ResponseHeadersPolicy {
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
