/**
 * One error type for every expected failure; app.onError turns it into the JSON shape of
 * docs/api.md#errors.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '@schema/contracts/errors';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Omit<ErrorBody, 'error' | 'message' | 'code'> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: this.message, message: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (message: string, extra?: HttpError['extra']) =>
  new HttpError(400, 'validation-failed', message, extra);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'Permission Denied') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not-found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const tooLarge = (message: string) => new HttpError(413, 'payload-too-large', message);
export const unsupportedMedia = (message: string) => new HttpError(415, 'unsupported-media-type', message);
export const tooManyRequests = (message: string) => new HttpError(429, 'rate-limited', message);
export const unavailable = (message: string) => new HttpError(503, 'unavailable', message);
