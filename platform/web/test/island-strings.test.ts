import { expect } from 'chai';
import { IslandStrings } from '../island-strings';

describe('web: the UI strings a page ships for its islands', () => {
  // No modules: only the strings of the islands' props (and of the runtime's files) count.
  const strings = new IslandStrings([]);
  const island = (props: unknown) => ({ name: 'sale.address_form', props: JSON.stringify(props) });

  it('ships the translations of the strings its islands\' props hold, and nothing else of the dictionary', () => {
    const picked = strings.pick([island({ label: 'Country...', nested: [{ title: 'State' }] })], { 'Country...': 'Pays...', State: 'État', Unused: 'Inutilisé' });
    expect(picked).to.deep.equal({ 'Country...': 'Pays...', State: 'État' });
  });

  it('ships nothing for a language without translations, whatever the props', () => {
    const props = island({ label: 'Country...' });
    expect(strings.pick([props], {})).to.deep.equal({});
    // The same island's strings still count once the language has a dictionary.
    expect(strings.pick([props], { 'Country...': 'Pays...' })).to.deep.equal({ 'Country...': 'Pays...' });
  });
});
