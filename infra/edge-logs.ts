import { Aws, CfnCondition, Fn, Stack } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { regionalName } from './edge';

/**
 * The fields CloudFront's access logs keep: no query string (`cs-uri-query`: an e-mailed link's
 * `token`), no cookies and no referrer (which can quote a query string).
 */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
] as const;

/**
 * CloudFront's standard logs (v2) to the log bucket, with the fields above. Legacy logging
 * always writes the query string, so the distribution has none. CloudWatch Logs takes a
 * CloudFront delivery only in us-east-1: in another region the stack writes no CloudFront logs
 * (the API's own access log, route and status only, remains).
 */
export class EdgeLogs extends Construct {
  constructor(scope: Construct, id: string, props: { distribution: Distribution; bucket: Bucket }) {
    super(scope, id);
    const { account, partition } = Stack.of(this);
    const inUsEast1 = new CfnCondition(this, 'InUsEast1', {
      expression: Fn.conditionEquals(Aws.REGION, 'us-east-1'),
    });
    props.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontLogDelivery',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [props.bucket.arnForObjects('*')],
        conditions: {
          StringEquals: {
            's3:x-amz-acl': 'bucket-owner-full-control',
            'aws:SourceAccount': account,
          },
          ArnLike: {
            'aws:SourceArn': `arn:${partition}:logs:us-east-1:${account}:delivery-source:*`,
          },
        },
      }),
    );
    const source = new CfnDeliverySource(this, 'Source', {
      name: regionalName(this, 'CfLogs', 60),
      logType: 'ACCESS_LOGS',
      resourceArn: `arn:${partition}:cloudfront::${account}:distribution/${props.distribution.distributionId}`,
    });
    const destination = new CfnDeliveryDestination(this, 'Destination', {
      name: regionalName(this, 'CfLogsBucket', 60),
      destinationResourceArn: props.bucket.bucketArn,
      outputFormat: 'w3c',
    });
    const delivery = new CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...CLOUDFRONT_LOG_FIELDS],
    });
    delivery.addDependency(source);
    for (const resource of [source, destination, delivery])
      resource.cfnOptions.condition = inUsEast1;
  }
}
