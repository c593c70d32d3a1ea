import type { ScaffoldNames } from './scaffold-names';

/** What to do after `module new`, printed under the list of files. */
export function nextSteps(n: ScaffoldNames): string[] {
  const steps: Array<[string, string]> = [
    [`npx mocha 'modules/${n.module}/test/**/*.test.ts'`, 'its tests, on a throwaway database (the last one drives Chromium)'],
    ['npx tsc --noEmit -p .', 'type-check'],
    [`npm run cli -- module install ${n.module}`, `install it (enabled on every site), then \`npm start\` and open ${n.url}`],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  return [
    'Next steps:',
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}   ${why}`),
    `Then make it yours: the summary (manifest.ts); the model ${n.model} and its fields (server/models/, the`,
    `migration, the manifest's access and rules, demo/, the tests); in index.ts, what other modules may use.`,
  ];
}
