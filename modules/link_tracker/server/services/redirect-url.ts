export interface UtmNames {
  campaign?: string | null;
  medium?: string | null;
  source?: string | null;
}

/**
 * The URL a short link sends visitors to: the target with utm_campaign, utm_medium and utm_source
 * (names, URL-encoded) added to its query. The target's own query and fragment are kept as they are
 * (no re-encoding), a parameter of the same name is replaced rather than doubled, and no stray
 * `?`, `&` or `#` is left behind.
 */
export function redirectUrl(target: string, utm: UtmNames): string {
  const { base, query, fragment } = splitUrl(target);

  const added: Array<[string, string]> = [];
  if (utm.campaign) added.push(['utm_campaign', utm.campaign]);
  if (utm.medium) added.push(['utm_medium', utm.medium]);
  if (utm.source) added.push(['utm_source', utm.source]);
  const replaced = new Set(added.map(([k]) => k));

  const kept = query.split('&').filter((pair) => pair !== '' && !replaced.has(decodeKey(pair)));
  const params = [...kept, ...added.map(([k, v]) => `${k}=${encodeURIComponent(v)}`)];
  const cleanFragment = fragment === '#' ? '' : fragment;
  return `${base}${params.length ? `?${params.join('&')}` : ''}${cleanFragment}`;
}

/** A URL cut into what comes before `?`, the query (without `?`) and the fragment (with its `#`). */
function splitUrl(url: string): { base: string; query: string; fragment: string } {
  const hashAt = url.indexOf('#');
  const fragment = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  return {
    base: queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash,
    query: queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '',
    fragment,
  };
}

function decodeKey(pair: string): string {
  const key = pair.split('=')[0];
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** Longest visitor query forwarded; longer ones are dropped whole rather than cut mid-parameter. */
const MAX_VISITOR_QUERY = 2048;

/**
 * The redirect target with the parameters of the short link's own query (`/r/abc?ref=tw`) added, except
 * those the target already has (its own and the UTM ones win). Re-encoded, so the Location header
 * only ever carries what encodeURIComponent produces.
 */
export function withVisitorQuery(target: string, visitorQuery: string): string {
  if (!visitorQuery || visitorQuery.length > MAX_VISITOR_QUERY) return target;
  const { base, query, fragment } = splitUrl(target);
  const present = new Set(query.split('&').filter(Boolean).map(decodeKey));
  const added: string[] = [];
  for (const pair of visitorQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodePart(eq >= 0 ? pair.slice(0, eq) : pair);
    if (key === undefined || key === '' || present.has(key)) continue;
    const value = eq >= 0 ? decodePart(pair.slice(eq + 1)) : '';
    if (value === undefined) continue;
    present.add(key);
    added.push(eq >= 0 ? `${encodeURIComponent(key)}=${encodeURIComponent(value)}` : encodeURIComponent(key));
  }
  if (!added.length) return target;
  return `${base}?${query ? `${query}&` : ''}${added.join('&')}${fragment}`;
}

/** A form-encoded part decoded, or undefined when it is not valid percent-encoding. */
function decodePart(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
