import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const root = path.resolve(__dirname, '../..');

describe('architecture: module layout', () => {
  // A reader finds a module's bindings and models at its server root, and everything else by kind:
  // models/, routes/, services/, and contributions/ for what it plugs into other parts' points.
  it('a module server folder holds at its root only its ContainerModule and its models list', () => {
    const strays: string[] = [];
    for (const m of fs.readdirSync(path.join(root, 'modules'))) {
      const server = path.join(root, 'modules', m, 'server');
      if (!fs.existsSync(server)) continue;
      for (const entry of fs.readdirSync(server, { withFileTypes: true })) {
        if (entry.isFile() && !/-(module|models)\.tsx?$/.test(entry.name)) strays.push(`modules/${m}/server/${entry.name}`);
      }
    }
    expect(strays).to.deep.equal([]);
  });
});
