/**
 * Printed after every `vitest run` (vitest.config.ts): which checks were skipped and why, and the ten
 * slowest test files with where their time went. A check that needs a tool the machine lacks (poppler's
 * pdftotext, LibreOffice) skips with `ctx.skip(reason)` (test/requires-tool.ts); a bare `it.skip` or
 * `runIf` without a reason is listed as "no reason given", so nothing is skipped silently.
 */
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class TestSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const out: string[] = [''];
    const skipped = new Map<string, string[]>();
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result();
        const reason = (result.state === 'skipped' && result.note) || 'no reason given';
        const list = skipped.get(reason) ?? [];
        list.push(`${module.project.name}: ${module.relativeModuleId} › ${test.fullName}`);
        skipped.set(reason, list);
      }
    }
    if (skipped.size === 0) out.push('Skipped checks: none.');
    else {
      const count = [...skipped.values()].reduce((n, l) => n + l.length, 0);
      out.push(`Skipped checks: ${count}.`);
      for (const [reason, tests] of skipped) {
        out.push(`  ${tests.length} skipped because ${reason}:`);
        for (const t of tests.slice(0, 5)) out.push(`    - ${t}`);
        if (tests.length > 5) out.push(`    - and ${tests.length - 5} more`);
      }
    }

    const timed = testModules
      .map((m) => {
        const d = m.diagnostic();
        const overhead = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
        return {
          name: `${m.project.name}: ${m.relativeModuleId}`,
          total: overhead + d.duration,
          overhead,
          tests: d.duration,
        };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, 10);
    if (timed.length > 1) {
      out.push('', 'Slowest test files (total = import and set-up + tests and hooks):');
      for (const t of timed) out.push(`${seconds(t.total)} = ${seconds(t.overhead)} + ${seconds(t.tests)}  ${t.name}`);
    }
    console.log(out.join('\n'));
  }
}
