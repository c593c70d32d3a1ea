/**
 * Crawlers, link previewers and monitoring robots: they follow short links too, and counting them
 * would inflate the statistics. An empty user agent is no browser either.
 */
const BOT_PATTERN = /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|skypeuripreview|bingpreview|lighthouse|pingdom|uptimerobot|statuscake|python-requests|python-urllib|go-http-client|java\/|libwww|wget|curl\//i;

/** Browsers send the same few user agents over and over: remember the verdicts (bounded). */
const verdicts = new Map<string, boolean>();
const REMEMBERED = 2000;

export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let bot = verdicts.get(userAgent);
  if (bot === undefined) {
    bot = BOT_PATTERN.test(userAgent);
    if (verdicts.size >= REMEMBERED) verdicts.clear();
    verdicts.set(userAgent, bot);
  }
  return bot;
}

/**
 * Whether a request for a short link is a visit to count: a GET from a browser. HEAD is what link
 * checkers and previewers send; crawlers follow links too. Both are answered, neither counted.
 */
export function countsAsVisit(method: string | undefined, userAgent: string | undefined): boolean {
  return method === 'GET' && !isBot(userAgent);
}
