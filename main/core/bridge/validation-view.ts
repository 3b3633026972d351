import { SOURCE_CONTEXT_LINES, SOURCE_LINE_CHARS, type SourceExcerpt, type ValidationView } from '../../../shared/bridge/validation';
import type { RenderedInvoice } from '../../../shared/bridge/views';
import type { ValidationReport } from '../../../shared/validation/report';
import { RenderError, renderInvoice } from '../render';
import { decodeXml } from '../render/xml';

/** Excerpts carried at most: a report can name thousands of places, the page shows one at a time. */
const MAX_EXCERPTS = 500;

function render(bytes: Uint8Array): { rendered: RenderedInvoice | null; renderError: string | null } {
  try {
    return { rendered: renderInvoice(bytes), renderError: null };
  } catch (e) {
    if (e instanceof RenderError) return { rendered: null, renderError: e.message };
    throw e;
  }
}

/** The lines around each line the issues name, read in one pass without splitting the whole file. */
export function excerptsOf(text: string, wanted: readonly number[]): SourceExcerpt[] {
  const lines = [...new Set(wanted)].sort((a, b) => a - b).slice(0, MAX_EXCERPTS);
  if (lines.length === 0) return [];
  const keep = new Map<number, string>();
  for (const l of lines) for (let n = Math.max(1, l - SOURCE_CONTEXT_LINES); n <= l + SOURCE_CONTEXT_LINES; n++) keep.set(n, '');
  const last = Math.max(...keep.keys());
  let start = 0;
  for (let n = 1; n <= last && start <= text.length; n++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (keep.has(n)) keep.set(n, text.slice(start, Math.min(stop, start + SOURCE_LINE_CHARS)).replace(/\r$/, ''));
    if (end === -1) {
      for (const k of [...keep.keys()]) if (k > n) keep.delete(k);
      break;
    }
    start = end + 1;
  }
  return lines
    .filter((l) => keep.has(l))
    .map((line) => {
      const from = Math.max(1, line - SOURCE_CONTEXT_LINES);
      const out: string[] = [];
      for (let n = from; n <= line + SOURCE_CONTEXT_LINES && keep.has(n); n++) out.push(keep.get(n) ?? '');
      return { line, from, lines: out };
    });
}

/**
 * A report with the invoice rendered beside it and the source around each place it names. `xml` is
 * the invoice's XML (a zip form's already taken out of it by validate/zip-form.ts), or null with
 * why it cannot be shown (`missing`).
 */
export function validationView(report: ValidationReport, xml: Uint8Array | null, missing: string): ValidationView {
  if (!xml) return { report, rendered: null, renderError: missing, excerpts: [] };
  // What validation could not read, or found to be no invoice, is not parsed a second time to be told so again.
  const { rendered, renderError } =
    report.status === 'unreadable'
      ? { rendered: null, renderError: report.problem }
      : report.syntax === 'other'
        ? { rendered: null, renderError: 'it is not an invoice in UBL, CII or Finvoice' }
        : render(xml);
  let text = '';
  try {
    text = decodeXml(xml);
  } catch {
    // An encoding we cannot read: the report says so; there is no source to show.
  }
  const lines = report.issues.flatMap((i) => (i.line ? [i.line] : []));
  return { report, rendered, renderError, excerpts: text ? excerptsOf(text, lines) : [] };
}
