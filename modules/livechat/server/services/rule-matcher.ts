import { injectable } from 'inversify';
import type { Env } from '@platform/orm';

export interface MatchedRule {
  action: 'display_button' | 'auto_popup' | 'hide_button';
  auto_popup_timer: number;
  regex_url: string;
}

interface RuleRow {
  action: MatchedRule['action'];
  auto_popup_timer: number | null;
  regex_url: string | null;
  country_ids: number[];
}

/** Longest regex we evaluate: rules are written by managers, but a page URL should not stall a request. */
const MAX_URL = 2048;

/**
 * The rule of a livechat channel for a page: with a known country, the rules listing it (by sequence)
 * are tried first; then the rules without countries. The first whose regex is found in the URL wins
 * (unanchored; an empty regex matches every page). A regex that does not compile never matches.
 */
@injectable()
export class RuleMatcher {
  async match(env: Env, channelId: number, url: string, countryId: number | null): Promise<MatchedRule | null> {
    const rules = (await env.sudo().model('im_livechat.channel.rule').search_read(
      [['channel_id', '=', channelId]], ['action', 'auto_popup_timer', 'regex_url', 'country_ids'],
    )) as unknown as RuleRow[];
    const page = url.slice(0, MAX_URL);
    const tiers = countryId ? [rules.filter((r) => r.country_ids.includes(countryId))] : [];
    tiers.push(rules.filter((r) => r.country_ids.length === 0));
    for (const tier of tiers) {
      const hit = tier.find((r) => matches(r.regex_url, page));
      if (hit) return { action: hit.action, auto_popup_timer: hit.auto_popup_timer ?? 0, regex_url: hit.regex_url || '' };
    }
    return null;
  }
}

function matches(regex: string | null, url: string): boolean {
  if (!regex) return true;
  try {
    return new RegExp(regex).test(url);
  } catch {
    return false;
  }
}
