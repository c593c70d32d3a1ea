import type { Container, ServiceIdentifier } from 'inversify';

/**
 * Read side of a contribution point. Modules bind implementations to the point's Symbol; consumers ask
 * the provider instead of multi-injecting, so "nothing bound" is an empty list, not an error, and the
 * list can be narrowed to the modules enabled for a site.
 */
export interface ContributionProvider<T extends object> {
  getContributions(): T[];
  /** Only contributions owned by modules that `enabled` accepts (e.g. enabled for the request's site). */
  getContributionsFor(enabled: (moduleName: string) => boolean): T[];
  /** The module that bound a given contribution. */
  ownerOf(contribution: T): string;
}

/** Records which module bound each contribution; the kernel fills it as it loads modules in order. */
export class ContributionOwners {
  private readonly owners = new WeakMap<object, string>();
  set(contribution: object, moduleName: string): void {
    if (!this.owners.has(contribution)) this.owners.set(contribution, moduleName);
  }
  get(contribution: object): string {
    return this.owners.get(contribution) ?? 'base';
  }
}

export class ContainerContributionProvider<T extends object> implements ContributionProvider<T> {
  private cache?: T[];
  constructor(
    private readonly container: Container,
    private readonly point: ServiceIdentifier<T>,
    private readonly owners: ContributionOwners,
  ) {}

  getContributions(): T[] {
    if (!this.cache) {
      this.cache = this.container.isBound(this.point) ? this.container.getAll<T>(this.point) : [];
    }
    return this.cache!;
  }

  getContributionsFor(enabled: (moduleName: string) => boolean): T[] {
    return this.getContributions().filter((c) => enabled(this.owners.get(c)));
  }

  ownerOf(contribution: T): string {
    return this.owners.get(contribution);
  }

  /** Forget the cached list (the kernel calls it after loading each module). */
  reset(): void {
    this.cache = undefined;
  }
}
