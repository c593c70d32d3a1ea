import { checkTestImports, readTestTree } from './test/architecture/import-rules';
for (const v of checkTestImports(readTestTree('/work/main'))) console.log(v.file, v.specifier, '|', v.reason.slice(0, 60));
