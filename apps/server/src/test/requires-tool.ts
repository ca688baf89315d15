/**
 * Checks that read our files back with a Debian tool (poppler's pdftotext, LibreOffice) need that tool.
 * Without it they skip, with the reason that `npm test`'s summary prints (scripts/test-summary-reporter.ts),
 * unless the e2e stage requires it (REQUIRE_POPPLER=1, REQUIRE_SOFFICE=1): then they run and a missing
 * tool fails them.
 */
import { spawnSync } from 'node:child_process';
import { beforeEach, type TestContext } from 'vitest';

export interface RequiredTool {
  /** Whether the checks run: the tool is installed, or it is required. */
  readonly runs: boolean;
  /** Skips this test, with the reason, unless the checks run. */
  need(ctx: TestContext): void;
  /** Skips every test of the enclosing describe block, with the reason, unless the checks run. */
  needInThisBlock(): void;
}

function requiresTool(command: string, probe: string[], debianPackage: string, requiredBy: string): RequiredTool {
  const installed = spawnSync(command, probe, { stdio: 'ignore' }).status === 0;
  const runs = installed || process.env[requiredBy] === '1';
  const reason = `${command} is not installed (Debian package ${debianPackage}; ${requiredBy}=1 makes it a failure)`;
  const need = (ctx: TestContext) => {
    if (!runs) ctx.skip(reason);
  };
  return { runs, need, needInThisBlock: () => beforeEach(need) };
}

export const poppler = requiresTool('pdftotext', ['-v'], 'poppler-utils', 'REQUIRE_POPPLER');
export const libreOffice = requiresTool('soffice', ['--version'], 'libreoffice-calc-nogui', 'REQUIRE_SOFFICE');
