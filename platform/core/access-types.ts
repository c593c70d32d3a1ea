import type { Domain } from './domain-types';

export type Operation = 'read' | 'write' | 'create' | 'unlink';

/** A row of the access-rights table: a group (none = everybody) may do these operations on a model. */
export interface AccessRight {
  model: string;
  /** Group external id, e.g. `base.group_user`; absent means every user, public included. */
  group?: string;
  read?: boolean;
  write?: boolean;
  create?: boolean;
  unlink?: boolean;
}

/** What a rule's domain may refer to. */
export interface RuleContext {
  uid: number;
  partnerId: number | null;
  siteId: number | null;
}

/**
 * A record rule restricts which records an operation may touch. Rules without groups apply to
 * everybody and are combined with AND; rules of the user's groups are combined with OR.
 */
export interface RecordRule {
  name: string;
  model: string;
  groups?: string[];
  domain: Domain | ((ctx: RuleContext) => Domain);
  /** Operations the rule applies to (default: all). */
  operations?: Operation[];
}

export interface GroupDefinition {
  /** External id, e.g. `website.group_website_publisher`. */
  id: string;
  name: string;
  /** Groups whose rights this one also gets. */
  implies?: string[];
}
