import type { NationalnetView, ReportDefinitionView, ReportView } from '../../../../shared/bridge/scrutiny';
import {
  type InvoiceReport,
  type InvoiceReportDefinition,
  NATIONALNET_RESPONSE_RULES,
  type NationalnetAnswer,
  nextNationalnetResponses,
} from '../../../../shared/schemas/invoice';
import { ServiceError } from '../../api/errors';
import { CommandError, invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names =
  | 'detect.state'
  | 'detect.analysis.run'
  | 'reports.definitions'
  | 'reports.list'
  | 'reports.create'
  | 'reports.withdraw'
  | 'nationalnet.respond';
type Texts = InvoiceReportDefinition['titles'];

const pick = (list: Texts, lang: string): string | undefined => list?.find((t) => t.lang === lang)?.text;

const reportView = (r: InvoiceReport): ReportView => ({
  id: r.id,
  reasons: r.reason,
  contactEmail: r.contact_email,
  description: r.description ?? null,
  createdAt: r.created_at,
});

/** A received invoice of the account's mirror: reports and checks concern only those. */
function receivedInvoice(d: BridgeDeps, accountId: string, invoiceId: string) {
  accountOf(d, accountId);
  const inv = d.engine.store.invoices.get(accountId, invoiceId);
  if (inv?.direction !== 'RECEIVED')
    throw invalid(`No received invoice ${invoiceId} in this account's mirror`, { invoiceId: 'no such received invoice' });
  return inv;
}

/** Suspicious senders and Detect on demand, for the received invoice's detail. */
export function scrutinyHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const reports = async (accountId: string, invoiceId: string) =>
    (await (await apiOf(d, accountId)).invoiceReports.list(invoiceId)).map(reportView);
  return {
    'detect.state': async (input) => {
      receivedInvoice(d, input.accountId, input.invoiceId);
      return d.engine.detectState(input.accountId, input.invoiceId, input.refresh);
    },
    'detect.analysis.run': async (input) => {
      receivedInvoice(d, input.accountId, input.invoiceId);
      return d.engine.runAnalysis(input.accountId, input.invoiceId, input.checks);
    },
    'reports.definitions': async (input) => {
      const defs = await (await apiOf(d, input.accountId)).invoiceReports.definitions();
      return defs.map(
        (x): ReportDefinitionView => ({
          reason: x.reason,
          title: pick(x.titles, input.lang) ?? x.title ?? x.reason,
          description: pick(x.descriptions, input.lang) ?? x.description ?? null,
        }),
      );
    },
    'reports.list': async (input) => {
      receivedInvoice(d, input.accountId, input.invoiceId);
      return reports(input.accountId, input.invoiceId);
    },
    'reports.create': async (input) => {
      receivedInvoice(d, input.accountId, input.invoiceId);
      const api = await apiOf(d, input.accountId);
      try {
        await api.invoiceReports.create(input.invoiceId, {
          reason: input.reasons as never,
          contact_email: input.contactEmail,
          ...(input.description ? { description: input.description } : {}),
        });
      } catch (e) {
        // The spec's 409 has no code; a code of our own lets the renderer say it in the user's language.
        if (e instanceof ServiceError && e.status === 409) {
          throw new CommandError({
            kind: 'skip',
            status: 409,
            code: 'already_reported',
            message: 'Your company has already reported this invoice; withdraw that report to report it again',
            details: e.details,
          });
        }
        throw e;
      }
      return reports(input.accountId, input.invoiceId);
    },
    'nationalnet.respond': async (input) => {
      receivedInvoice(d, input.accountId, input.invoiceId);
      const api = await apiOf(d, input.accountId);
      let answer: NationalnetAnswer;
      try {
        answer = await api.invoiceReports.respondNationalnet(input.invoiceId, {
          response: input.response,
          ...(input.reason ? { reason: input.reason } : {}),
        });
      } catch (e) {
        throw nationalnetError(e);
      }
      return nationalnetView(answer);
    },
    'reports.withdraw': async (input) => {
      receivedInvoice(d, input.accountId, input.invoiceId);
      try {
        await (await apiOf(d, input.accountId)).invoiceReports.withdraw(input.invoiceId, input.reportId);
      } catch (e) {
        // Already gone (withdrawn from another of the company's clients, or a repeated DELETE whose
        // first answer was lost): what the user asked for holds, so the list as it is now answers.
        if (!(e instanceof ServiceError && e.status === 404)) throw e;
      }
      return reports(input.accountId, input.invoiceId);
    },
  };
}

/** The answer as the detail shows it; a service that lists no earlier responses is taken at its last one. */
function nationalnetView(a: NationalnetAnswer): NationalnetView {
  const given = a.responses?.length ? a.responses : [a];
  const last = given[given.length - 1]?.response ?? a.response;
  return {
    responses: given.map((r) => ({ response: r.response, reason: r.reason ?? null, createdAt: r.created_at ?? null })),
    next: nextNationalnetResponses(last),
    final: a.final ?? NATIONALNET_RESPONSE_RULES[last].final,
  };
}

/** The spec's 400, 404 and 503 of this call in codes of our own, so the renderer says them in the user's language. */
function nationalnetError(e: unknown): unknown {
  if (!(e instanceof ServiceError)) return e;
  const say = (code: string, kind: 'skip' | 'retry', message: string) =>
    new CommandError({ kind, status: e.status, code, message, details: e.details });
  if (e.status === 400) return say('nationalnet_refused', 'skip', `The service did not take this response: ${e.message}`);
  if (e.status === 404)
    return say('nationalnet_unknown', 'skip', 'The service does not know this invoice, or your company has no access to it');
  if (e.status === 503 || e.status === 500)
    return say('nationalnet_unavailable', 'retry', 'The national network cannot be reached just now; try again later');
  return e;
}
