// The house keeps no state in a module outside its composition roots: a module-level `let`, or a
// Map/Set the module fills as it runs, is shared by every engine, account and test in the process,
// survives an engine's close and leaks one account's facts into another's. State belongs to an
// instance the composition root (engine, runner, host, worker entry) creates and passes down.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';

export interface ModuleState {
  file: string;
  line: number;
  name: string;
}

const COLLECTIONS = /^(Map|Set|WeakMap|WeakSet)$/;
const MUTATORS = new Set(['add', 'set', 'delete', 'clear']);

/**
 * Files that may hold state of their own, with why: each is the entry of a process or a thread, or
 * its process has one instance of what it holds.
 */
export const COMPOSITION_ROOTS: Readonly<Record<string, string>> = {
  'main/core/validate/worker.ts': "a worker thread's entry: the thread is the instance",
  'main/core/bridge/handlers/totals-worker.ts': "a worker thread's entry: the thread is the instance",
};

/**
 * State that predates the rule, to be moved into the instances that own it (issue 40, item 5). The
 * check fails on any state not listed here, and on an entry here that is gone, so the list only shrinks.
 */
export const KNOWN_MODULE_STATE: readonly string[] = [
  'main/core/bridge/handlers/invoice-totals.ts latest',
  'main/core/bridge/handlers/invoice-totals.ts threads',
  'main/core/sync/document-operator.ts known',
  'main/core/sync/downloads.ts unrecorded',
  'main/core/sync/files.ts folderFlushes',
  'main/core/sync/files.ts madeFolders',
  'main/core/sync/remote-validation.ts probes',
  'main/core/sync/remote-validation.ts answering',
  'main/core/validate/index.ts shared',
  'renderer/stores/changed-invoice.ts pending',
  'renderer/stores/collection-states.ts loaders',
];

/** Names the file calls a mutating method on (`x.set(`, `x.add(`...), anywhere in it. */
function mutatedNames(src: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      MUTATORS.has(node.expression.name.text)
    )
      names.add(node.expression.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(src);
  return names;
}

/** The module-level state in one file's text: each `let`/`var`, and each Map or Set it mutates. */
export function moduleStateIn(file: string, text: string): ModuleState[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const mutated = mutatedNames(src);
  const found: ModuleState[] = [];
  for (const st of src.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const init = d.initializer;
      const collection = init && ts.isNewExpression(init) && COLLECTIONS.test(init.expression.getText(src));
      if (isConst && !(collection && mutated.has(d.name.text))) continue;
      found.push({ file, line: src.getLineAndCharacterOfPosition(d.getStart(src)).line + 1, name: d.name.text });
    }
  }
  return found;
}

/** The state in the given files (paths relative to root) that is neither a composition root's nor known. */
export async function checkModuleState(
  root: string,
  files: readonly string[],
  known: readonly string[] = KNOWN_MODULE_STATE,
): Promise<{ fresh: ModuleState[]; gone: string[] }> {
  const seen = new Set<string>();
  const fresh: ModuleState[] = [];
  for (const file of files) {
    if (COMPOSITION_ROOTS[file]) continue;
    for (const s of moduleStateIn(file, await readFile(join(root, file), 'utf8'))) {
      const key = `${s.file} ${s.name}`;
      seen.add(key);
      if (!known.includes(key)) fresh.push(s);
    }
  }
  return { fresh, gone: known.filter((k) => !seen.has(k)) };
}
