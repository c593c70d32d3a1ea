import { ValidationError } from '@platform/core/errors';
import type { AccessControl } from './access-control';
import type { Domain } from '@platform/core/domain-types';
import type { Field } from './fields';
import { MAX_DOMAIN_SUBQUERIES, MAX_PATH_HOPS } from './domain-limits';
import type { UserContext } from './environment';

/**
 * The caller a domain is compiled for. A dotted path (`channel_ids.channel_message_ids.body`) or a
 * name searched on a relational field reads the records of the model it enters: without a check there,
 * search_count answered yes/no questions about records the caller may not read (a visitor recovered
 * chat messages and e-mails character by character). Every hop asks this scope first: it refuses a
 * model the caller has no read access to, counts the hop against the domain's budget, and returns the
 * caller's record rules on that model, which the sub-query must apply.
 *
 * Domains compiled without a scope are the system's (superuser calls, record rules themselves).
 */
export class CallerScope {
  private subqueries = 0;
  // One evaluation of a model's rules per domain, however many leaves enter it.
  private readonly rules = new Map<string, Domain>();

  constructor(private readonly access: AccessControl, private readonly user: UserContext) {}

  /**
   * Called for every field a leaf names, on the searched model and at each hop: a field restricted to
   * groups (e.g. a live chat channel's session ids) cannot be filtered on by others, or a search would
   * answer questions about a value they cannot read.
   */
  useField(field: Field): void {
    this.access.checkField(this.user, field);
  }

  /** Called when a leaf enters `model` at `hops` relations from the searched model. */
  enter(model: string, hops: number): Domain {
    this.access.check(this.user, model, 'read');
    if (hops > MAX_PATH_HOPS) {
      throw new ValidationError(`Domain too complex: a path may go through at most ${MAX_PATH_HOPS} relations`);
    }
    if (++this.subqueries > MAX_DOMAIN_SUBQUERIES) {
      throw new ValidationError(`Domain too complex: at most ${MAX_DOMAIN_SUBQUERIES} conditions on related records`);
    }
    let rules = this.rules.get(model);
    if (!rules) {
      rules = this.access.ruleDomain(this.user, model, 'read');
      this.rules.set(model, rules);
    }
    return rules;
  }
}
