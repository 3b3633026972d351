// npm run lint:electron: Doyensec's electronegativity over the desktop shell and the preload, failing
// on any finding above LOW (its CLI exits 0 whatever it finds, so this wrapper reads the findings).
//
// Two things of the CLI are left out, both because they reach the network and change by the day:
// its translations (fetched from S3 at every run; the English ones it ships are used) and
// AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK (GitHub's list of Electron releases). Keeping Electron
// current is Dependabot's and the release checklist's job; the version scanned is the installed one.
//
// A finding a person has reviewed is annotated where it is, as the tool intends:
// `// eng-disable CHECK_ID: reviewed: why`. This wrapper lists every such annotation, so none hides.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const req = createRequire(import.meta.url);
const PKG = dirname(req.resolve('@doyensec/electronegativity/package.json'));

export interface Finding {
  id: string;
  severity: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH';
  confidence: string;
  file: string;
  line: number;
  description: string;
}

export interface ScanResult {
  checks: number;
  findings: Finding[];
  /** Files it could not parse: a file it cannot read is a file it did not check. */
  errors: { file: string; message: string }[];
  /** Reviewed findings, annotated in the source. */
  reviewed: { file: string; line: number; text: string }[];
}

interface RawIssue {
  id: string;
  file: string;
  location: { line: number };
  severity: { name: Finding['severity'] };
  confidence: { name: string };
  description: unknown;
}
type Runner = (options: Record<string, unknown>) => Promise<{
  globalChecks: number;
  atomicChecks: number;
  issues: RawIssue[];
  errors: { file: string; message: string; tolerable: boolean }[];
}>;

/** Installs electronegativity's English messages without its network fetch, then loads its runner. */
function loadRunner(): Runner {
  const i18nPath = join(PKG, 'dist', 'locales', 'i18n.js');
  const i18n = createRequire(i18nPath)('i18n') as {
    configure(o: Record<string, unknown>): void;
    setLocale(l: string): void;
  };
  const offline = new Module(i18nPath);
  offline.filename = i18nPath;
  offline.loaded = true;
  offline.exports = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(i18nPath),
      updateFiles: false,
      objectNotation: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  };
  req.cache[i18nPath] = offline;
  return req(join(PKG, 'dist', 'runner.js')) as Runner;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|cjs|mjs|html)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Scans folders (relative to the repository) together, as one app: the global checks need them all. */
export async function scanShell(folders: string[], root = ROOT): Promise<ScanResult> {
  const work = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  try {
    for (const f of folders) cpSync(join(root, f), join(work, f), { recursive: true });
    const files = sourceFiles(work);
    const reviewed = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((text, i) => ({ file: relative(work, file), line: i + 1, text: text.trim() }))
        .filter((l) => /eng-disable/.test(l.text)),
    );
    const electronVersion = (req('electron/package.json') as { version: string }).version;
    const run = loadRunner();
    const r = await run({
      input: work,
      customScan: [],
      excludeFromScan: ['availablesecurityfixesglobalcheck'],
      isRelative: true,
      isVerbose: false,
      electronVersionOverride: electronVersion,
      parserPlugins: [],
    });
    return {
      checks: r.globalChecks + r.atomicChecks,
      findings: r.issues.map((i) => ({
        id: i.id,
        severity: i.severity.name,
        confidence: i.confidence.name,
        file: i.file,
        line: i.location.line,
        description: String(i.description),
      })),
      errors: r.errors.filter((e) => !e.tolerable).map((e) => ({ file: relative(work, e.file), message: e.message })),
      reviewed,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const ABOVE_LOW = new Set<Finding['severity']>(['MEDIUM', 'HIGH']);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const folders = process.argv.slice(2).length ? process.argv.slice(2) : ['main/electron', 'preload'];
  const r = await scanShell(folders);
  const out = (s: string) => process.stdout.write(`${s}\n`);
  out(`electronegativity: ${r.checks} checks over ${folders.join(', ')}`);
  for (const f of r.findings) out(`  ${f.severity} ${f.id} (${f.confidence}) ${f.file}:${f.line} ${f.description.split('\n')[0]}`);
  for (const e of r.errors) out(`  could not parse ${e.file}: ${e.message}`);
  for (const v of r.reviewed) out(`  reviewed: ${v.file}:${v.line} ${v.text}`);
  const bad = r.findings.filter((f) => ABOVE_LOW.has(f.severity));
  if (bad.length || r.errors.length) {
    out(`electronegativity: ${bad.length} finding(s) above LOW, ${r.errors.length} file(s) not parsed`);
    process.exitCode = 1;
  } else {
    out(`electronegativity: nothing above LOW (${r.findings.length} at LOW or below, ${r.reviewed.length} reviewed and annotated)`);
  }
}
