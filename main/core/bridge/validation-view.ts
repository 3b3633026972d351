import { unzipSync } from 'fflate';
import { SOURCE_CONTEXT_LINES, SOURCE_LINE_CHARS, type SourceExcerpt, type ValidationView } from '../../../shared/bridge/validation';
import type { RenderedInvoice } from '../../../shared/bridge/views';
import type { ValidationReport } from '../../../shared/validation/report';
import { RenderError, renderInvoice } from '../render';
import { decodeXml } from '../render/xml';

/** Excerpts carried at most: a report can name thousands of places, the page shows one at a time. */
const MAX_EXCERPTS = 500;

/**
 * The invoice XML of a file: the file itself, or the largest XML inside the zip form the outbox takes
 * (invoice, image, attachments), as the outbound check validates it.
 */
export function invoiceXmlOf(bytes: Uint8Array): Uint8Array {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) return bytes;
  try {
    const entries = unzipSync(bytes, { filter: (f) => f.name.toLowerCase().endsWith('.xml') && f.originalSize < bytes.length * 50 });
    return Object.values(entries).sort((a, b) => b.length - a.length)[0] ?? bytes;
  } catch {
    return bytes;
  }
}

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

/** A report with the file rendered beside it and the source around each place it names. */
export function validationView(report: ValidationReport, file: Uint8Array | null, missing: string): ValidationView {
  if (!file) return { report, rendered: null, renderError: missing, excerpts: [] };
  const xml = invoiceXmlOf(file);
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
