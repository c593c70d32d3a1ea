import { AccessError } from '@platform/core/errors';
import type { AccessRight, Operation, RecordRule } from '@platform/core/access-types';
import type { Domain } from '@platform/core/domain-types';
import { andDomains, orDomains } from './domain';
import type { UserContext } from './environment';
import type { Field } from './fields';

/** The administrators' group: all rights on every model (record rules of other groups do not bind it). */
export const ADMIN_GROUP = 'base.group_system';

/**
 * Access rights and record rules of the installed modules, held in memory: they are data shipped by
 * manifests, and checking them must not cost a query per call.
 */
export class AccessControl {
  private readonly rightsByModel = new Map<string, AccessRight[]>();
  private readonly rulesByModel = new Map<string, RecordRule[]>();

  addRights(rights: AccessRight[]): void {
    for (const r of rights) {
      const list = this.rightsByModel.get(r.model) ?? [];
      list.push(r);
      this.rightsByModel.set(r.model, list);
    }
  }

  addRules(rules: RecordRule[]): void {
    for (const r of rules) {
      const list = this.rulesByModel.get(r.model) ?? [];
      list.push(r);
      this.rulesByModel.set(r.model, list);
    }
  }

  allowed(user: UserContext, model: string, op: Operation): boolean {
    if (user.superuser || user.groups.has(ADMIN_GROUP)) return true;
    return (this.rightsByModel.get(model) ?? []).some((r) => r[op] === true && (!r.group || user.groups.has(r.group)));
  }

  check(user: UserContext, model: string, op: Operation): void {
    if (!this.allowed(user, model, op)) {
      throw new AccessError(`You are not allowed to ${verb(op)} '${model}' records (operation: ${op}).`);
    }
  }

  /** Fields restricted to groups (`groups` on the field) are for their members and administrators only. */
  fieldAllowed(user: UserContext, field: Field): boolean {
    if (!field.groups || field.groups.length === 0 || user.superuser || user.groups.has(ADMIN_GROUP)) return true;
    return field.groups.some((g) => user.groups.has(g));
  }

  checkField(user: UserContext, field: Field): void {
    if (!this.fieldAllowed(user, field)) {
      throw new AccessError(`You are not allowed to access the field '${field.model}.${field.name}'.`);
    }
  }

  /** The domain record rules impose on `op` for this user; empty when unrestricted. */
  ruleDomain(user: UserContext, model: string, op: Operation): Domain {
    if (user.superuser) return [];
    const rules = (this.rulesByModel.get(model) ?? []).filter((r) => !r.operations || r.operations.includes(op));
    if (rules.length === 0) return [];
    const ctx = { uid: user.uid, partnerId: user.partnerId, siteId: user.siteId };
    const evaluate = (r: RecordRule): Domain => (typeof r.domain === 'function' ? r.domain(ctx) : r.domain);
    const global = rules.filter((r) => !r.groups || r.groups.length === 0).map(evaluate);
    const isAdmin = user.groups.has(ADMIN_GROUP);
    const grouped = isAdmin ? [] : rules.filter((r) => r.groups?.some((g) => user.groups.has(g))).map(evaluate);
    return andDomains(...global, grouped.length ? orDomains(...grouped) : []);
  }
}

function verb(op: Operation): string {
  return op === 'unlink' ? 'delete' : op;
}
