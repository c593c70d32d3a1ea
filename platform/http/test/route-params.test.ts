import { expect } from 'chai';
import { number, object, string } from 'yup';
import { InvalidFields } from '@platform/core/errors';
import { checkParams } from '../route-params';

const refusal = async (run: Promise<unknown>): Promise<Record<string, string>> => {
  const err = await run.then(() => null, (e: unknown) => e);
  expect(err).to.be.instanceOf(InvalidFields);
  return (err as InvalidFields).fields;
};

describe('http: route params checked by their schema', () => {
  it('refuses unknown keys of JSON params and forms, each kind with its own message, request after request', async () => {
    const schema = object({ page: number().integer(), name: string() });
    for (let i = 0; i < 3; i++) {
      expect(await checkParams(schema, { page: 2 }, 'json')).to.deep.equal({ page: 2 });
      expect(await refusal(checkParams(schema, { page: 2, extra: 1 }, 'json'))).to.deep.equal({ '': 'Unknown parameter(s): extra' });
      expect(await checkParams(schema, { page: '3', name: 'a' }, 'form')).to.deep.equal({ page: 3, name: 'a' });
      expect(await refusal(checkParams(schema, { page: '3', other: 'x' }, 'form'))).to.deep.equal({ '': 'Unknown field(s): other' });
      // A query string drops what its page does not know.
      expect(await checkParams(schema, { page: '4', utm_source: 'x' }, 'query')).to.deep.equal({ page: 4 });
    }
    // Another schema is checked by its own fields, not by the first one's.
    const other = object({ extra: number() });
    expect(await checkParams(other, { extra: 1 }, 'json')).to.deep.equal({ extra: 1 });
    expect(await refusal(checkParams(other, { page: 2 }, 'json'))).to.deep.equal({ '': 'Unknown parameter(s): page' });
  });
});
