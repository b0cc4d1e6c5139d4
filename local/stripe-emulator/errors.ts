/** A Stripe API error as the SDK expects it: `{error:{type,message,code?,param?}}` with a 4xx. */
export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
}

/** 404 for the object in the path; 400 when a parameter names an object that does not exist. */
export function noSuchObject(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(
    param === 'id' ? 404 : 400,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

/** 400 for a parameter of the wrong kind or value (`parameter_invalid_integer`, ...). */
export function invalidParam(
  param: string,
  kind: 'integer' | 'boolean' | 'string' | 'array',
  message: string,
): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    message,
    `parameter_invalid_${kind}`,
    param,
  );
}
