import type { Network } from '../../shared/enums';
import type { SandboxContext } from '../context';
import type { CompanyRecord } from '../model';
import { directoryEntry } from './lookup-directory';
import { Derived } from './lookup-index';
import { compactId, eiaVariantKey, schemeName } from './profile-identifiers';
import { eiaOf, REGISTRATIONS, registrationsOf } from './profile-records';
import { SETTINGS, type SettingsRecord } from './settings-store';

export type LookupNetwork = 'PEPPOL' | 'INTERNAL' | 'EXTERNAL';

/** The sandbox's own access point, the operator of every registration made here. */
export const SANDBOX_OPERATOR = 'E-Invoice Sandbox';

/** Registrations answer lookups in the lookup vocabulary; scan networks are not addresses. */
const LOOKUP_NETWORK: Partial<Record<Network, LookupNetwork>> = {
  PEPPOL: 'PEPPOL',
  VENDORNET: 'INTERNAL',
  BANK: 'EXTERNAL',
  OPERATORX: 'EXTERNAL',
  NATIONALNET: 'EXTERNAL',
};

const UBL = 'urn:oasis:names:specification:ubl:schema:xsd';
const BIS = 'urn:fdc:peppol.eu:poacc';
const EHF = 'urn:fdc:anskaffelser.no:2019:ehf';
const BILLING = '#urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';

/** Peppol BIS 3 (or EHF 3 where the registration chose EHF30) identifiers per profile. */
function documentTypes(profile: string, version: string | null, peppol: boolean) {
  const ehf = version === 'EHF30';
  const t = (type: string, root: string, customization: string, process: string) =>
    peppol
      ? { document_type: type, document_identifier: `${UBL}:${root}##${customization}`, process_identifier: process }
      : { document_type: type };
  const trns = (name: string) => (ehf ? `${EHF}:spec:${name}:3.0::2.1` : `${BIS}:trns:${name}:3::2.1`);
  const bis = (name: string) => (ehf ? `${EHF}:postaward:g3:${name}:1.0` : `${BIS}:bis:${name}:3`);
  switch (profile) {
    case 'INVOICE_AND_CREDIT_NOTE':
      return [
        t('INVOICE', 'Invoice-2::Invoice', BILLING.slice(1), 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
        t('CREDIT_NOTE', 'CreditNote-2::CreditNote', BILLING.slice(1), 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
      ];
    case 'ORDER':
      return [t('ORDER', 'Order-2::Order', trns('order'), bis('ordering'))];
    case 'ORDER_RESPONSE':
      return [t('ORDER_RESPONSE', 'OrderResponse-2::OrderResponse', trns('order_response'), bis('ordering'))];
    case 'CATALOGUE':
      return [t('CATALOGUE', 'Catalogue-2::Catalogue', trns('catalogue'), bis('catalogue_wo_response'))];
    case 'CATALOGUE_RESPONSE':
      return [t('CATALOGUE_RESPONSE', 'ApplicationResponse-2::ApplicationResponse', trns('catalogue_response'), bis('catalogue'))];
    case 'DESPATCH_ADVICE':
      return [t('DESPATCH_ADVICE', 'DespatchAdvice-2::DespatchAdvice', trns('despatch_advice'), bis('despatch_advice'))];
    case 'REMINDER':
      return [t('REMINDER', 'Reminder-2::Reminder', `${EHF}:spec:reminder:3.0::2.1`, `${EHF}:postaward:g3:06:1.0`)];
    case 'INVOICE_RESPONSE':
      return [
        t(
          'INVOICE_RESPONSE',
          'ApplicationResponse-2::ApplicationResponse',
          `${BIS}:trns:invoice_response:3::2.1`,
          `${BIS}:bis:invoice_response:3`,
        ),
      ];
    case 'MESSAGE_LEVEL_RESPONSE':
      return [t('MESSAGE_LEVEL_RESPONSE', 'ApplicationResponse-2::ApplicationResponse', `${BIS}:trns:mlr:3::2.1`, `${BIS}:bis:mlr:3`)];
    default:
      return [{ document_type: profile }];
  }
}

export interface ReceiverAnswer {
  eia: string;
  identifier: { scheme: string; eaid_name: string; eaid_code: string; endpoint_id: string };
  network: LookupNetwork;
  operator: string;
  document_types: { document_type: string; document_identifier?: string; process_identifier?: string }[];
  participant: { id: string | null; name: string; bid: string; country: string };
}

function receiver(
  scheme: string,
  endpointId: string,
  network: LookupNetwork,
  operator: string,
  profiles: string[],
  version: string | null,
  participant: ReceiverAnswer['participant'],
): ReceiverAnswer {
  return {
    eia: `${scheme}:${endpointId}`,
    identifier: { scheme, eaid_name: schemeName(scheme), eaid_code: scheme, endpoint_id: endpointId },
    network,
    operator,
    document_types: profiles.flatMap((p) => documentTypes(p, version, network === 'PEPPOL')),
    participant,
  };
}

/** The name a company publishes: its saved settings name, else its account name. */
export function publicName(ctx: SandboxContext, c: CompanyRecord): string {
  const saved = ctx.store.table<SettingsRecord>(SETTINGS).get(c.id)?.sections.details.name;
  return typeof saved === 'string' ? saved : c.name;
}

/** Merges a registration into the receiver of its address: registrations of one address pool their document types. */
function addTo(byAddress: Map<string, ReceiverAnswer>, answer: ReceiverAnswer): void {
  const key = `${answer.network}|${answer.eia}`;
  const seen = byAddress.get(key);
  if (!seen) {
    byAddress.set(key, answer);
    return;
  }
  for (const d of answer.document_types) {
    if (!seen.document_types.some((x) => x.document_type === d.document_type)) seen.document_types.push(d);
  }
}

interface Receivers {
  all: ReceiverAnswer[];
  byBid: Map<string, ReceiverAnswer[]>;
  /** By scheme and variant key: every exact match is also a variant match. */
  byAddress: Map<string, ReceiverAnswer[]>;
}

const push = <T>(m: Map<string, T[]>, key: string, v: T) => {
  const list = m.get(key);
  if (list) list.push(v);
  else m.set(key, [v]);
};
const addressKey = (scheme: string, endpointId: string) => `${scheme}:${eiaVariantKey(scheme, endpointId)}`;

/**
 * The sandbox's receivers (active registrations of its companies, one per network and address) and
 * its companies by business id, indexed so a look-up costs its answer, not a scan of the sandbox.
 */
export class ReceiverIndex {
  private readonly receivers: Derived<Receivers>;
  private companiesKey = '';
  private companiesByBid = new Map<string, CompanyRecord[]>();

  constructor(private readonly ctx: SandboxContext) {
    this.receivers = new Derived(ctx, [REGISTRATIONS, SETTINGS], () => {
      const merged = new Map<string, ReceiverAnswer>();
      for (const r of registrationsOf(ctx).values()) {
        const network = LOOKUP_NETWORK[r.network];
        if (r.status !== 'active' || !network || !r.scheme || !r.endpoint_id) continue;
        const c = ctx.companies.get(r.company_id);
        if (!c) continue;
        const participant = { id: c.id, name: publicName(ctx, c), bid: c.business_id, country: c.country };
        addTo(merged, receiver(r.scheme, r.endpoint_id, network, SANDBOX_OPERATOR, r.profiles, r.profile_version, participant));
      }
      const all = [...merged.values()];
      const byBid = new Map<string, ReceiverAnswer[]>();
      const byAddress = new Map<string, ReceiverAnswer[]>();
      for (const a of all) {
        push(byBid, compactId(a.participant.bid), a);
        push(byAddress, addressKey(a.identifier.scheme, a.identifier.endpoint_id), a);
      }
      return { all, byBid, byAddress };
    });
  }

  all(): readonly ReceiverAnswer[] {
    return this.receivers.get().all;
  }

  ofBid(bid: string): readonly ReceiverAnswer[] {
    return this.receivers.get().byBid.get(compactId(bid)) ?? [];
  }

  /** Receivers whose address may match scheme:endpointId (exactly or as a variant); check with eiaMatches. */
  ofAddress(scheme: string, endpointId: string): readonly ReceiverAnswer[] {
    return this.receivers.get().byAddress.get(addressKey(scheme, endpointId)) ?? [];
  }

  /** Companies only ever get added (or all forgotten by a reset), so size and first id tell a change. */
  companiesWithBid(bid: string): readonly CompanyRecord[] {
    const first = this.ctx.companies.values().next().value;
    const key = `${this.ctx.companies.size}|${first?.id ?? ''}`;
    if (key !== this.companiesKey) {
      this.companiesByBid = new Map();
      for (const c of this.ctx.companies.values()) {
        const k = compactId(c.business_id);
        push(this.companiesByBid, k, c);
      }
      this.companiesKey = key;
    }
    return this.companiesByBid.get(compactId(bid)) ?? [];
  }
}

/** The directory's receiver for a business id outside the sandbox, if it has one. */
export function directoryReceiver(bid: string, country?: string | null): ReceiverAnswer | null {
  const d = directoryEntry(bid, country);
  if (!d) return null;
  return receiver(d.scheme, d.endpoint_id, d.network, d.operator, d.profiles, null, {
    id: null,
    name: d.name,
    bid: d.bid,
    country: d.country,
  });
}

export const sameBid = (a: string, b: string): boolean => compactId(a) === compactId(b);

/** Whether an answer's address is the asked one: exactly (case aside), or any variant of it. */
export function eiaMatches(answer: ReceiverAnswer, scheme: string, endpointId: string, variants: boolean): boolean {
  if (!variants)
    return (
      eiaOf({ scheme: answer.identifier.scheme, endpoint_id: answer.identifier.endpoint_id }) === `${scheme}:${endpointId.toUpperCase()}`
    );
  return answer.identifier.scheme === scheme && eiaVariantKey(scheme, answer.identifier.endpoint_id) === eiaVariantKey(scheme, endpointId);
}
