/**
 * Lists source files over 400 lines and functions (or components) over 80 lines, the limits of
 * issue 21. Tests (`*.test.ts(x)`) are exempt; test-support files are not.
 * Usage: node scripts/find-long-code.mjs [folder or file …]
 *   (default: apps/web/src packages/domain/src apps/server/src e2e bench; node_modules skipped)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const MAX_FILE = 400;
const MAX_FUNCTION = 80;
const roots =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['apps/web/src', 'packages/domain/src', 'apps/server/src', 'e2e', 'bench'];

const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function* sourceFiles(path) {
  if (!statSync(path).isDirectory()) {
    if (isSource(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    yield* sourceFiles(join(path, entry.name));
  }
}

const lineOf = (file, pos) => file.getLineAndCharacterOfPosition(pos).line + 1;
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

const findings = [];
for (const root of roots) {
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE) findings.push(`${path}: file of ${lines} lines`);
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const length = lineOf(file, node.getEnd()) - lineOf(file, node.getStart()) + 1;
        if (length > MAX_FUNCTION)
          findings.push(`${path}:${lineOf(file, node.getStart())}: ${nameOf(node)}, ${length} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
}
for (const finding of findings) console.log(finding);
process.exitCode = findings.length > 0 ? 1 : 0;
