import { SiteService } from '@platform/http/site-service';
import { SiteAdmin } from '@platform/base';
import { UserError } from '@platform/core/errors';
import type { Kernel } from '../kernel';
import { parseArgs, requirePositionals, stringOption } from './args';
import { print, table, withKernel } from './boot';

/** `site list`: the sites served, with the host that selects each and the modules enabled on it. */
export async function siteList(argv: string[]): Promise<void> {
  parseArgs(argv, {});
  await withKernel({}, async (kernel) => {
    const sites = await kernel.container.get(SiteService).all();
    const rows = sites.map((s) => [
      String(s.id), s.name, s.domain ?? '(default)', s.langs.join(','), [...s.modules].filter((m) => m !== 'base').join(',') || '-',
    ]);
    for (const line of table([['ID', 'NAME', 'DOMAIN', 'LANGS', 'MODULES'], ...rows])) print(line);
  });
}

/** `site create <name> [--domain host] [--lang code]`: a new site with every installed module enabled. */
export async function siteCreate(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { domain: 'string', lang: 'string' });
  const [name] = requirePositionals(args, 1, 'site name');
  const domain = stringOption(args, 'domain')?.trim().toLowerCase() || false;
  const lang = stringOption(args, 'lang') ?? 'en_US';
  await withKernel({}, async (kernel) => {
    // The same path as the back office's new-site form: unique host name, language, every installed module.
    const { id, enabled } = await kernel.container.get(SiteAdmin).create({ name, domain: domain || undefined, lang }, kernel.installedNames);
    print(`created website ${id} '${name}'${domain ? ` for ${domain}` : ''}`);
    print(`enabled: ${enabled.join(', ') || '(none)'}`);
  });
}

/** `site enable <site-id> <module...>`: turns modules (and their dependencies) on for one site. */
export async function siteEnable(argv: string[]): Promise<void> {
  const [id, ...names] = requirePositionals(parseArgs(argv, {}), 2, 'site id and module name(s)');
  await withKernel({}, async (kernel) => {
    const changed = await kernel.container.get(SiteService).enable(siteId(id), names, kernel.installedNames);
    print(`enabled: ${changed.join(', ') || '(nothing changed)'}`);
  });
}

/** `site disable <site-id> <module...>`: turns modules (and their dependents) off for one site. */
export async function siteDisable(argv: string[]): Promise<void> {
  const [id, ...names] = requirePositionals(parseArgs(argv, {}), 2, 'site id and module name(s)');
  await withKernel({}, async (kernel: Kernel) => {
    const changed = await kernel.container.get(SiteService).disable(siteId(id), names);
    print(`disabled: ${changed.join(', ') || '(nothing changed)'}`);
  });
}

function siteId(value: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new UserError(`'${value}' is not a website id`);
  return id;
}
