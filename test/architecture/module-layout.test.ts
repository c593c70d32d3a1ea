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

  // What a page or an island needs from the server side is a type (erased) or lives in common/:
  // a value imported from server/ would drag server code (and its rules' second copy) into pages.
  it('web/ imports nothing but types from server/: shared values live in common/', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, 'utf8');
          for (const m of text.matchAll(/^(import|export)\s+(?!type\b)[^;]*?from\s+'([^']*\/server\/[^']*)'/gm)) offenders.push(`${path.relative(root, file)}: ${m[2]}`);
        }
      }
    };
    for (const m of fs.readdirSync(path.join(root, 'modules'))) {
      const web = path.join(root, 'modules', m, 'web');
      if (fs.existsSync(web)) walk(web);
    }
    expect(offenders).to.deep.equal([]);
  });

  // common/ runs in the browser and on the server: yup, the platform's pure helpers and itself only.
  it('common/ imports only yup, @platform/common and other files of its common/', () => {
    const offenders: string[] = [];
    for (const m of fs.readdirSync(path.join(root, 'modules'))) {
      const common = path.join(root, 'modules', m, 'common');
      if (!fs.existsSync(common)) continue;
      for (const name of fs.readdirSync(common).filter((f) => /\.tsx?$/.test(f))) {
        const text = fs.readFileSync(path.join(common, name), 'utf8');
        for (const spec of [...text.matchAll(/from\s+'([^']+)'/g)].map((x) => x[1])) {
          if (!(spec === 'yup' || spec === '@platform/common' || /^\.\/[\w-]+$/.test(spec))) offenders.push(`modules/${m}/common/${name}: ${spec}`);
        }
      }
    }
    expect(offenders).to.deep.equal([]);
  });
});
