import 'reflect-metadata';
import { expect } from 'chai';
import { Container, ContainerModule, injectable } from 'inversify';
import { bindContribution, bindContributionProvider, ContributionProvider, injectContributions } from '@platform/core/contribution';
import { ContributionOwners, ownedBy } from '@platform/core/contribution-owners';

interface Greeting {
  text: string;
}
const Greeting = Symbol('Greeting');

let created = 0;
@injectable()
class Hello implements Greeting {
  text = 'hello';
  constructor() {
    created++;
  }
}
@injectable()
class Bonjour implements Greeting {
  text = 'bonjour';
  constructor() {
    created++;
  }
}

@injectable()
class Greeter {
  constructor(@injectContributions(Greeting) readonly greetings: ContributionProvider<Greeting>) {}
}

/** A container loaded as the kernel loads modules: each ContainerModule under its module's name. */
function boot(modules: Array<[string, ContainerModule]>): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const owners = new ContributionOwners();
  container.bind(ContributionOwners).toConstantValue(owners);
  for (const [name, module] of modules) container.load(ownedBy(name, module, owners));
  return container;
}

describe('contribution providers', () => {
  beforeEach(() => {
    created = 0;
  });

  const pointModule = new ContainerModule(({ bind }) => {
    bindContributionProvider(bind, Greeting);
    bind(Greeter).toSelf();
    bindContribution(bind, Greeting, Hello);
  });
  const frenchModule = new ContainerModule(({ bind }) => {
    bindContribution(bind, Greeting, Bonjour);
    bind(Greeting).toConstantValue({ text: 'salut' });
  });

  it('records owners when modules bind, creating no contribution while loading', () => {
    const container = boot([['greetings', pointModule], ['french', frenchModule]]);
    expect(created).to.equal(0);
    const { greetings } = container.get(Greeter);
    expect(greetings.getContributions().map((g) => [g.text, greetings.ownerOf(g)])).to.deep.equal([
      ['hello', 'greetings'], ['bonjour', 'french'], ['salut', 'french'],
    ]);
    expect(created).to.equal(2);
  });

  it('keeps only the contributions of the modules enabled (e.g. on a site)', () => {
    const { greetings } = boot([['greetings', pointModule], ['french', frenchModule]]).get(Greeter);
    const site = { modules: new Set(['greetings']) };
    expect(greetings.getContributionsFor((m) => site.modules.has(m)).map((g) => g.text)).to.deep.equal(['hello']);
  });

  it('is injected by name and empty when nothing is bound', () => {
    const container = boot([['greetings', new ContainerModule(({ bind }) => {
      bindContributionProvider(bind, Greeting);
      bind(Greeter).toSelf();
    })]]);
    expect(container.get(Greeter).greetings.getContributions()).to.deep.equal([]);
    expect(container.get<ContributionProvider<Greeting>>(ContributionProvider, { name: Greeting })).to.equal(container.get(Greeter).greetings);
  });

  it('refuses to guess the owner of a contribution bound outside a module', () => {
    const container = boot([['greetings', pointModule]]);
    container.bind(Greeting).toConstantValue({ text: 'stray' });
    const { greetings } = container.get(Greeter);
    expect(() => greetings.getContributionsFor(() => true)).to.throw(/Greeting was not bound by a module/);
  });
});
