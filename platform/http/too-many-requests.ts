import { UserError } from '@platform/core/errors';

/**
 * A rate limit refused the request. http routes answer 429, JSON-RPC routes an error with code 429;
 * both with a `Retry-After` header of `retryAfterSeconds`. The name stays `UserError`, which clients
 * already show as a message.
 */
export class TooManyRequests extends UserError {
  override name = 'UserError';
  override readonly code = 429;
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}
