import { ContainerModule, type Bind, type BindingActivation, type BindOnFluentSyntax, type BindToFluentSyntax, type ServiceIdentifier } from 'inversify';

/**
 * Which module each contribution belongs to, for the per-site gate. The owner is fixed when a binding
 * is made (the kernel labels every binding of a module with the module's name, see `ownedBy`); the
 * instance a binding creates carries that label from then on. A contribution bound with `toService`
 * belongs to the module that bound the service (with `bindContribution` both are the same module).
 */
export class ContributionOwners {
  private readonly owners = new WeakMap<object, string>();

  get(contribution: object): string | undefined {
    return this.owners.get(contribution);
  }

  /** An activation handler recording `moduleName` as the owner of what a binding creates. */
  label<T>(moduleName: string): BindingActivation<T> {
    return (_context, instance) => {
      if (typeof instance === 'object' && instance !== null && !this.owners.has(instance)) this.owners.set(instance, moduleName);
      return instance;
    };
  }
}

/**
 * `containerModule` as the kernel loads it for module `moduleName`: the same bindings, each labelled
 * with the module's name. A binding's own `onActivation` would replace the label; the provider then
 * refuses the contribution loudly rather than guessing its owner.
 */
export function ownedBy(moduleName: string, containerModule: ContainerModule, owners: ContributionOwners): ContainerModule {
  return new ContainerModule((options) => containerModule.load({
    ...options,
    bind: labelling(options.bind, moduleName, owners),
    rebind: labelling(options.rebind, moduleName, owners),
  }));
}

function labelling(bind: Bind, moduleName: string, owners: ContributionOwners): Bind {
  return <T>(serviceIdentifier: ServiceIdentifier<T>): BindToFluentSyntax<T> => {
    const syntax = bind(serviceIdentifier);
    const label = owners.label<T>(moduleName);
    const labelled = <S extends BindOnFluentSyntax<T>>(binding: S): S => {
      binding.onActivation(label);
      return binding;
    };
    return {
      to: (type) => labelled(syntax.to(type)),
      toSelf: () => labelled(syntax.toSelf()),
      toConstantValue: (value) => labelled(syntax.toConstantValue(value)),
      toDynamicValue: (builder) => labelled(syntax.toDynamicValue(builder)),
      toFactory: (factory) => labelled(syntax.toFactory(factory)),
      toResolvedValue: ((factory: never, injectOptions: never) => labelled(syntax.toResolvedValue(factory, injectOptions))) as BindToFluentSyntax<T>['toResolvedValue'],
      // The target's own binding labels what it creates.
      toService: (service) => syntax.toService(service),
    };
  };
}
