import { AccessError } from '@platform/core';
import { karmaShortMessage } from '../../common/karma-rules';

/**
 * The user's karma is under what the action needs. An AccessError for clients (the JSON-RPC error
 * name stays `AccessError`), whose message is the one the browser shows (SPEC 6); `needed` lets a
 * page say it without parsing.
 */
export class KarmaError extends AccessError {
  constructor(readonly needed: number) {
    super(karmaShortMessage(needed));
  }
}
