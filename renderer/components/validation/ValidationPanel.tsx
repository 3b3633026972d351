import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderedInvoice, ValidationView } from '../../../shared/bridge';
import { type RenderedPart, renderedPartOf } from '../../../shared/validation/rendered-part';
import { RenderedInvoiceView } from '../RenderedInvoiceView';
import { SourceExcerptView } from './SourceExcerptView';
import { ValidationIssues } from './ValidationIssues';
import { ValidationSummary } from './ValidationSummary';

/** Whether the rendered invoice has that part to show (a line past the last, or an empty VAT breakdown, it has not). */
function shows(invoice: RenderedInvoice, part: RenderedPart): boolean {
  if (part.kind === 'line') return part.index < invoice.lines.length;
  if (part.kind === 'vat') return invoice.vat.length > 0;
  if (part.kind === 'notes') return invoice.notes.length > 0;
  return true;
}

/**
 * A validation report beside the invoice it is about (the Validate page, an outbox row): picking a
 * place under a broken rule marks the part of the rendered invoice that shows it and brings it into
 * view, and shows the file's lines around it; where no rendered part shows it, the page says so.
 */
export function ValidationPanel({ view }: { view: ValidationView }) {
  const { t } = useTranslation();
  const ids = useId();
  const invoiceRef = useRef<HTMLElement>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const issue = picked === null ? null : (view.report.issues[picked] ?? null);
  const part = issue ? renderedPartOf(issue.location) : null;
  const shown = part && view.rendered && shows(view.rendered, part) ? part : null;
  const excerpt = issue?.line ? view.excerpts.find((e) => e.line === issue.line) : undefined;

  // A new report starts with nothing picked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the report is the trigger, not a value read
  useEffect(() => setPicked(null), [view.report]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pick is the trigger, not a value read
  useEffect(() => {
    const root = invoiceRef.current;
    const target = root?.querySelector('.is-highlighted') ?? root?.querySelector('.source-excerpt');
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [picked]);

  let where: string | null = null;
  if (issue) {
    if (shown)
      where = t('validate.shownIn', { part: t(`validate.parts.${shown.kind}`, { n: shown.kind === 'line' ? shown.index + 1 : 0 }) });
    else if (part && view.rendered) where = t('validate.notShownHere');
    else if (!part) where = t('validate.notShown');
  }

  return (
    <div className="validation-panel">
      <section className="validation-report" aria-labelledby={`${ids}-report`}>
        <h2 id={`${ids}-report`}>{t('validate.report')}</h2>
        <ValidationSummary report={view.report} />
        {view.report.status !== 'unreadable' && (
          <>
            <h3>{t('validate.issues')}</h3>
            <ValidationIssues issues={view.report.issues} picked={picked} onPick={setPicked} />
          </>
        )}
      </section>
      {/* Scrolls on its own beside a long report, so it takes focus for the keyboard to scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="validation-invoice" aria-labelledby={`${ids}-invoice`} ref={invoiceRef} tabIndex={0}>
        <h2 id={`${ids}-invoice`}>{t('validate.invoice')}</h2>
        <div role="status" className="validation-where">
          {issue ? where && <p>{where}</p> : view.report.issues.length > 0 && <p className="muted">{t('validate.pickHint')}</p>}
        </div>
        {issue && (excerpt ? <SourceExcerptView excerpt={excerpt} /> : !issue.line && <p className="muted">{t('validate.noSource')}</p>)}
        {view.rendered ? (
          <RenderedInvoiceView invoice={view.rendered} highlight={shown} />
        ) : (
          view.renderError && <p className="notice notice-warn">{t('validate.cannotRender', { reason: view.renderError })}</p>
        )}
      </section>
    </div>
  );
}
