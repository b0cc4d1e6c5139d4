// The bodies of the GoTrue endpoints: each member's type, in the order the endpoint reads them.
// The endpoint's own rules (which members go together, GoTrue's order of refusals) stay in it.
import * as v from 'valibot';
import { authBody, maybeText, metadata, text } from './request';

/** `POST /signup`. */
export const signUpBody = authBody({
  email: text('email'),
  phone: text('phone'),
  password: text('password'),
  data: metadata,
});

/** `POST /token?grant_type=password`. */
export const passwordGrantBody = authBody({
  email: text('email'),
  phone: text('phone'),
  password: text('password'),
});

/** `POST /token?grant_type=refresh_token`. */
export const refreshGrantBody = authBody({ refresh_token: text('refresh_token') });

/** `POST /recover`. */
export const recoverBody = authBody({ email: text('email') });

/** `POST /otp`: the address first; its options are read once the address is accepted. */
export const otpAddressBody = authBody({ email: text('email'), phone: text('phone') });
export const otpOptionsBody = authBody({
  // GoTrue creates the user unless told `false`.
  create_user: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => value !== false),
    ),
    true,
  ),
  data: metadata,
});

/** `POST /resend`. */
export const resendBody = authBody({ type: text('type'), email: text('email') });

/** `POST /verify`; `phone` is read only when a token hash comes without an address. */
export const verifyBody = authBody({
  type: text('type'),
  token: text('token'),
  token_hash: text('token_hash'),
  email: text('email'),
});
export const phoneBody = authBody({ phone: text('phone') });

/** `PUT /user`; `app_metadata` is refused (not an admin) once the caller is known. */
export const userUpdateBody = authBody({
  password: maybeText('password'),
  current_password: text('current_password'),
  email: text('email'),
  data: metadata,
  app_metadata: v.nullish(v.unknown()),
});
