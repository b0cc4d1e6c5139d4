import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { isTransientAwsError } from './aws-errors';

const metadata = { $metadata: {} };

describe('isTransientAwsError', () => {
  it('calls throttling, 5xx and network failures transient (answered 503)', () => {
    expect(
      isTransientAwsError(
        new ProvisionedThroughputExceededException({ message: 'slow down', ...metadata }),
      ),
    ).toBe(true);
    expect(isTransientAwsError(new InternalServerError({ message: 'oops', ...metadata }))).toBe(
      true,
    );
    expect(isTransientAwsError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
    expect(
      isTransientAwsError(new TooManyRequestsException({ message: 'slow down', ...metadata })),
    ).toBe(true);
  });

  it('does not call a failed condition, a cancelled transaction or a bug transient', () => {
    expect(
      isTransientAwsError(new ConditionalCheckFailedException({ message: 'no', ...metadata })),
    ).toBe(false);
    expect(
      isTransientAwsError(new TransactionCanceledException({ message: 'no', ...metadata })),
    ).toBe(false);
    expect(isTransientAwsError(new TypeError('x is undefined'))).toBe(false);
  });
});
