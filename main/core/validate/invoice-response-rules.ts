// Checks an Invoice Response (Peppol BIS Invoice Response 3, T111) the app wrote against OpenPEPPOL's
// rules, compiled by build:rules like the invoice rules (rulesets.ts INVOICE_RESPONSE_RULESET). An answer
// is a few hundred bytes and the compiled rules a small stylesheet, so it runs on the caller's thread
// (SaxonJS loaded at the first answer), not on the validator's pool that is sized for invoices.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IssueFlag } from '../../../shared/validation/report';
import { RulesUnavailableError } from './errors';
import { INVOICE_RESPONSE_RULESET, MANIFEST_FILE, type RulesManifest } from './rulesets';
import { parseSvrl } from './svrl';
import { findRules, rulesAdvice } from './validator';

export interface ResponseFinding {
  id: string;
  flag: IssueFlag;
  location: string;
  text: string;
}

export interface ResponseCheck {
  ok: boolean;
  /** The rule set and its release, as a report names them. */
  rules: string;
  findings: ResponseFinding[];
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function stylesheet(rulesDir: string, advice: string): Promise<unknown> {
  let manifest: RulesManifest;
  try {
    manifest = JSON.parse(await readFile(join(rulesDir, MANIFEST_FILE), 'utf8')) as RulesManifest;
  } catch {
    throw new RulesUnavailableError(`The compiled rule sets are missing (no ${MANIFEST_FILE} in ${rulesDir}). ${advice}`);
  }
  const entry = manifest.rulesets[INVOICE_RESPONSE_RULESET.id];
  if (!entry) throw new RulesUnavailableError(`The Invoice Response rules have not been compiled. ${advice}`);
  const bytes = await readFile(join(rulesDir, entry.sef)).catch(() => null);
  if (!bytes) throw new RulesUnavailableError(`The compiled rule set ${entry.sef} is missing from ${rulesDir}. ${advice}`);
  if (sha256(bytes) !== entry.sefSha256)
    throw new RulesUnavailableError(`The compiled rule set ${entry.sef} is damaged (it does not match the manifest). ${advice}`);
  // Read at each answer (under 0.4 MB, a few ms): an answer is a person's act, and nothing stays loaded.
  return JSON.parse(bytes.toString('utf8')) as unknown;
}

/**
 * Runs the T111 rules over `xml`. `ok` is false when a fatal rule fails (warnings are kept in
 * `findings`). Rejects with RulesUnavailableError when the compiled rules cannot be loaded: an answer is
 * then not sent unchecked.
 */
export async function checkInvoiceResponse(xml: string, rulesDir?: string): Promise<ResponseCheck> {
  const found = rulesDir ? { rulesDir, origin: 'checkout' as const } : findRules();
  const sef = await stylesheet(found.rulesDir, rulesAdvice(found.origin, found.rulesDir));
  const { default: SaxonJS } = await import('saxon-js');
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  const svrl = String(SaxonJS.transform({ stylesheetInternal: sef, sourceNode: doc, destination: 'serialized' }, 'sync').principalResult);
  const findings = parseSvrl(svrl).map((f) => ({ id: f.id, flag: f.flag, location: f.location, text: f.text.trim() }));
  return {
    ok: !findings.some((f) => f.flag === 'fatal'),
    rules: `${INVOICE_RESPONSE_RULESET.title} ${INVOICE_RESPONSE_RULESET.version}`,
    findings,
  };
}
