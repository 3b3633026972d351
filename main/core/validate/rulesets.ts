import type { CompiledRulesetId } from '../../../shared/validation';

/**
 * The official rule sets the app ships, where their sources are (under vendor/validation/, copied
 * unedited from ../shared/validation) and how each becomes a compiled stylesheet (SaxonJS SEF JSON):
 * a ready XSLT is compiled as it is; an ISO Schematron is first turned into XSLT by SchXslt.
 * scripts/build-rules.ts compiles them; the worker (worker.ts) runs them.
 */
/** The rule sets build:rules compiles: the invoice rules a report runs, and Peppol's Invoice Response rules (T111). */
export type BuildRulesetId = CompiledRulesetId | 'PEPPOL-T111';

export interface RulesetSource {
  id: BuildRulesetId;
  title: string;
  /** The release of the rules, as their publisher names it. */
  version: string;
  kind: 'xslt' | 'schematron';
  /** The rules, relative to vendor/validation/. */
  source: string;
  /** The compiled stylesheet's file name in the rules folder. */
  sef: string;
  /**
   * Files the Schematron includes (relative to vendor/validation/), inlined into it before SchXslt sees
   * it: the poacc rules include their parts with XInclude, which neither SchXslt nor SaxonJS resolves.
   */
  includes?: readonly string[];
}

/** An invoice rule set: one a report runs. */
export type InvoiceRulesetSource = RulesetSource & { id: CompiledRulesetId };

export const RULESETS: readonly InvoiceRulesetSource[] = [
  {
    id: 'EN16931-UBL',
    title: 'EN 16931 business rules (UBL)',
    version: 'validation-1.3.16',
    kind: 'xslt',
    source: 'en16931/EN16931-UBL-validation.xslt',
    sef: 'EN16931-UBL.sef.json',
  },
  {
    id: 'EN16931-CII',
    title: 'EN 16931 business rules (CII)',
    version: 'validation-1.3.16',
    kind: 'xslt',
    source: 'en16931/EN16931-CII-validation.xslt',
    sef: 'EN16931-CII.sef.json',
  },
  {
    id: 'PEPPOL-BIS3-UBL',
    title: 'Peppol BIS Billing 3.0 rules (UBL)',
    version: '3.0.19',
    kind: 'schematron',
    source: 'peppol/PEPPOL-EN16931-UBL.sch',
    sef: 'PEPPOL-BIS3-UBL.sef.json',
  },
  {
    id: 'PEPPOL-BIS3-CII',
    title: 'Peppol BIS Billing 3.0 rules (CII)',
    version: '3.0.19',
    kind: 'schematron',
    source: 'peppol/PEPPOL-EN16931-CII.sch',
    sef: 'PEPPOL-BIS3-CII.sef.json',
  },
];

const T111_DIR = '../poacc-upgrade-3/rules/sch';

/**
 * Peppol BIS Invoice Response 3 (T111), as OpenPEPPOL's poacc-upgrade-3 publishes it (vendor/poacc-upgrade-3/).
 * Not one of the invoice rule sets: a report never runs it; `invoice-response-rules.ts` does, for the
 * answers the app writes. Its include of `target/generated/T111-basic.sch` (made by OpenPEPPOL's
 * vefa-structure build, not in the repository) is left out: see vendor/poacc-upgrade-3/README.md.
 */
export const INVOICE_RESPONSE_RULESET: RulesetSource = {
  id: 'PEPPOL-T111',
  title: 'Peppol BIS Invoice Response 3 rules (T111)',
  version: 'poacc-upgrade-3@0e7e5c7',
  kind: 'schematron',
  source: `${T111_DIR}/PEPPOLBIS-T111.sch`,
  sef: 'PEPPOL-T111.sef.json',
  includes: [
    ...[
      'gln',
      'mod11',
      'checkCodiceIPA',
      'addPIVA',
      'checkCF',
      'checkCF16',
      'checkPIVA',
      'checkPIVAseIT',
      'mod97-0208',
      'abn',
      'checkSEOrgnr',
    ].map((f) => `${T111_DIR}/parts/function/${f}.xml`),
    `${T111_DIR}/parts/common/empty-elements.sch`,
    `${T111_DIR}/parts/common/rules.sch`,
    `${T111_DIR}/parts/PEPPOL-M-T111.sch`,
    `${T111_DIR}/parts/PEPPOL-M-T111-2.sch`,
  ],
};

/** Everything build:rules compiles. */
export const BUILD_RULESETS: readonly RulesetSource[] = [...RULESETS, INVOICE_RESPONSE_RULESET];

/** The SchXslt stylesheet that turns an ISO Schematron into XSLT answering SVRL (relative to vendor/validation/). */
export const SCHEMATRON_COMPILER = 'schxslt/pipeline-for-svrl.xsl';
/** Every file the Schematron compiler is made of: a change to any of them changes the compiled Peppol rules. */
export const SCHEMATRON_COMPILER_FILES = [
  'schxslt/pipeline-for-svrl.xsl',
  'schxslt/pipeline.xsl',
  'schxslt/svrl.xsl',
  'schxslt/include.xsl',
  'schxslt/expand.xsl',
  'schxslt/version.xsl',
  'schxslt/compile-for-svrl.xsl',
  'schxslt/compile/api-2.0.xsl',
  'schxslt/compile/compile-2.0.xsl',
  'schxslt/compile/functions.xsl',
  'schxslt/compile/templates.xsl',
] as const;

/** The files a rule set's compiled form depends on, relative to vendor/validation/. */
export function sourcesOf(r: RulesetSource): string[] {
  return r.kind === 'schematron' ? [r.source, ...(r.includes ?? []), ...SCHEMATRON_COMPILER_FILES] : [r.source];
}

export function rulesetById(id: BuildRulesetId): RulesetSource {
  const r = BUILD_RULESETS.find((x) => x.id === id);
  if (!r) throw new Error(`No rule set ${id}`);
  return r;
}

/** The manifest the build writes beside the compiled stylesheets (manifest.json). */
export interface RulesManifest {
  format: 1;
  /** The SaxonJS release that compiled the stylesheets; another one recompiles them. */
  compiler: string;
  rulesets: Partial<Record<BuildRulesetId, ManifestEntry>>;
}

export interface ManifestEntry {
  version: string;
  /** sha256 (hex) of every source file, by its path relative to vendor/validation/. */
  sources: Record<string, string>;
  sef: string;
  /** sha256 (hex) of the compiled stylesheet, checked before it is loaded. */
  sefSha256: string;
  bytes: number;
  compiledAt: string;
}

export const MANIFEST_FILE = 'manifest.json';
