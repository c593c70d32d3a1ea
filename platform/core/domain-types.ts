export const OPERATORS = [
  '=', '!=', '<>', '<', '<=', '>', '>=', 'in', 'not in', 'like', 'not like', 'ilike', 'not ilike', '=like', '=ilike',
] as const;
export type Operator = (typeof OPERATORS)[number];
export type Leaf = [string | number, Operator, unknown];
export type DomainTerm = '&' | '|' | '!' | Leaf;
/** The original platform's prefix notation: `['&', ['a','=',1], '|', ['b','ilike','x'], ['c','in',[1,2]]]`. */
export type Domain = DomainTerm[];
