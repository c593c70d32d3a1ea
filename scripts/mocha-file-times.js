// Mocha reporter: the usual spec output, then the slowest test files (wall time from a file's first suite
// starting to its last suite ending, hooks included). CI prints it so a slow file is seen before the
// suite outgrows its time budget. Plain JavaScript because mocha loads reporters before tsx.
'use strict';
const Mocha = require('mocha');
const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;

class FileTimesReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const spans = new Map();
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.file) return;
      const span = spans.get(suite.file) ?? { start: Date.now(), end: Date.now() };
      spans.set(suite.file, span);
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      const span = suite.file && spans.get(suite.file);
      if (span) span.end = Date.now();
    });
    runner.once(EVENT_RUN_END, () => {
      const shown = Number(process.env.SLOWEST_FILES ?? 25);
      if (!shown) return;
      const rows = [...spans].map(([file, s]) => [require('path').relative(process.cwd(), file), s.end - s.start]);
      rows.sort((a, b) => b[1] - a[1]);
      const total = rows.reduce((sum, r) => sum + r[1], 0);
      console.log(`\n  Slowest test files (of ${rows.length}, ${(total / 1000).toFixed(0)} s in all):`);
      for (const [file, ms] of rows.slice(0, shown)) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    });
  }
}
module.exports = FileTimesReporter;
