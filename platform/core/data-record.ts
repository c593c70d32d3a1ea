/**
 * A record a module ships as data or demo, identified by an external id (`module.name`) so that an
 * upgrade updates it instead of creating it again. Values may reference other records by external id.
 */
export interface DataRecord {
  /** `name` (prefixed with the module) or `module.name`. */
  id: string;
  model: string;
  values: Record<string, unknown>;
  /** Do not overwrite on upgrade once created (user may have edited it). */
  noupdate?: boolean;
  /**
   * Written at install even though the record exists already: a demo record enriching a data record of
   * its own module (the demo home page). With `noupdate`, never written again on upgrade.
   */
  amend?: boolean;
}

/** A reference to another data record, resolved to its database id at load time. */
export class XmlRef {
  constructor(readonly xmlid: string) {}
}

export function ref(xmlid: string): XmlRef {
  return new XmlRef(xmlid);
}
