/**
 * How complex a domain a caller other than the system may send. A domain is compiled into one SQL
 * statement: without bounds, an 89 KB request of dotted paths became thousands of sub-queries that held
 * SQLite (synchronous: the whole process) or a PostgreSQL backend for seconds to minutes. The limits are
 * far above what a search view or a module's own calls need, and small enough that the SQL of the
 * largest accepted domain is cheap to build, plan and run. Server code acting as the system is not
 * bounded (its domains are not chosen by a visitor).
 */

/**
 * Conditions (leaves) in one domain. A search view combines a few dozen at most (an `in` list is one
 * leaf). Each leaf is evaluated on every row: 200 `ilike` leaves on the 5,000 country states take
 * about 0.1 s on SQLite, which blocks the process meanwhile. 200 also keeps a chain of ANDs well below
 * SQLite's expression depth limit (1,000).
 */
export const MAX_DOMAIN_LEAVES = 200;

/**
 * Items of the domain list (leaves plus '&', '|', '!'), checked before anything else is looked at:
 * every leaf may carry its own '!' and binary operator.
 */
export const MAX_DOMAIN_TERMS = 3 * MAX_DOMAIN_LEAVES;

/** Relations one dotted path may go through (`partner_id.country_id.code` is 2); real paths use 1-2. */
export const MAX_PATH_HOPS = 4;

/**
 * Sub-queries (hops into another model: dotted paths, names searched on a relational field, to-many
 * comparisons) in one domain, all leaves together. Each is a SELECT over the table it enters; a UI
 * puts a handful in a domain. (The probe's 1,000 six-hop paths were 6,000.)
 */
export const MAX_DOMAIN_SUBQUERIES = 50;
