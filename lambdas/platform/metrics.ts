import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareHandler } from 'hono';
import { serviceName } from './logging';

/** The product's one CloudWatch namespace (EMF); `POWERTOOLS_METRICS_NAMESPACE` may rename it. */
export const METRICS_NAMESPACE = 'CreditDisputeLetters';

/** Every business metric the Lambdas count. */
export type MetricName =
  | 'SignUps'
  | 'SignIns'
  | 'FailedSignIns'
  | 'Refreshes'
  | 'RefreshTokenReuseDetected'
  | 'RateLimitedRequests'
  | 'EmailsSent'
  | 'EmailSendFailures'
  | 'CheckoutSessions'
  | 'WebhookEventsProcessed'
  | 'WebhookEventsIgnored'
  | 'WebhookEventsFailed'
  | 'SubscriptionRowsCorrected'
  | 'StripeReconcileSucceeded';

/** One Powertools Metrics per container, flushed as one EMF line after each request. */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE,
  serviceName: serviceName(),
});

export function countMetric(name: MetricName, count = 1): void {
  metrics.addMetric(name, MetricUnit.Count, count);
}

/** Writes what was counted as one EMF line; nothing when nothing was counted. */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

/** Publishes what the request counted, after each request. */
export function publishMetrics(): MiddlewareHandler {
  return async (_c, next) => {
    try {
      await next();
    } finally {
      flushMetrics();
    }
  };
}
