import { inject, named, type Bind, type Newable, type ResolutionContext, type ServiceIdentifier } from 'inversify';
import { ContributionOwners } from './contribution-owners';

/**
 * Read side of a contribution point. Modules bind implementations to the point's Symbol; consumers
 * inject the point's provider instead of multi-injecting, so "nothing bound" is an empty list, not an
 * error, and the list can be narrowed to the modules enabled for a site.
 */
export interface ContributionProvider<T extends object> {
  getContributions(): T[];
  /** Only contributions owned by modules that `enabled` accepts (e.g. enabled for the request's site). */
  getContributionsFor(enabled: (moduleName: string) => boolean): T[];
  /** The module that bound a given contribution. */
  ownerOf(contribution: T): string;
}
/** Service identifier of every provider; each one is bound under the name of its point (`@named(Point)`). */
export const ContributionProvider = Symbol('ContributionProvider');

/**
 * Injects the provider of a contribution point: `@injectContributions(MenuContribution) menus:
 * ContributionProvider<MenuContribution>`. Same as `@inject(ContributionProvider) @named(Point)`.
 */
export function injectContributions(point: symbol): ParameterDecorator & PropertyDecorator {
  const byPoint = inject(ContributionProvider);
  const name = named(point);
  return (target: object, key: string | symbol | undefined, index?: number) => {
    byPoint(target, key, index as number);
    name(target, key, index as number);
  };
}

/**
 * Declares a contribution point: binds its provider, so consumers can inject it. The module that
 * defines the point calls this in its ContainerModule (the kernel does it for the platform's points).
 */
export function bindContributionProvider(bind: Bind, point: symbol): void {
  bind<ContributionProvider<object>>(ContributionProvider)
    .toDynamicValue((ctx) => new ContainerContributionProvider(point, ctx, ctx.get(ContributionOwners)))
    .whenNamed(point);
}

/**
 * Binds `implementation` as a singleton and contributes it to `point` (Theia's usual pair in one call),
 * or to each of several points (one class that is a back-office menu and its views, say): the one way
 * modules contribute.
 */
export function bindContribution<T extends object>(bind: Bind, point: ServiceIdentifier<T> | Array<ServiceIdentifier<unknown>>, implementation: Newable<T>): void {
  bind(implementation).toSelf();
  for (const p of Array.isArray(point) ? point : [point]) bind(p).toService(implementation);
}

/**
 * Reads a point's contributions from the container once they are all bound (after boot), and their
 * owners from the labels the kernel put on each module's bindings.
 */
export class ContainerContributionProvider<T extends object> implements ContributionProvider<T> {
  private cache?: T[];

  constructor(
    private readonly point: symbol,
    private readonly container: Pick<ResolutionContext, 'getAll'>,
    private readonly owners: ContributionOwners,
  ) {}

  getContributions(): T[] {
    this.cache ??= this.container.getAll<T>(this.point, { optional: true });
    return this.cache;
  }

  getContributionsFor(enabled: (moduleName: string) => boolean): T[] {
    return this.getContributions().filter((c) => enabled(this.ownerOf(c)));
  }

  ownerOf(contribution: T): string {
    const owner = this.owners.get(contribution);
    // Gating by site needs an owner: a contribution without one would be shown everywhere.
    if (owner === undefined) throw new Error(`A contribution to ${this.point.description} was not bound by a module (bind it in a module's ContainerModule)`);
    return owner;
  }
}
