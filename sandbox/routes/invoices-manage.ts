import type { FastifyInstance } from 'fastify';
import type { InvoiceActionChannel } from '../../shared/enums';
import {
  invoiceEventsBodySchema,
  rerouteEinvoiceBodySchema,
  rerouteEmailBodySchema,
  reroutePrintBodySchema,
} from '../../shared/schemas/invoice';
import { authOf } from '../auth/guard';
import { action, bumpRevision } from '../domain/invoice-create';
import { toPublic } from '../domain/invoice-view';
import type { InvoiceRecord } from '../domain/records';
import { conflict, parseOr400 } from '../http/errors';
import { baseUrl, type InvoiceApi, idParam, ownInvoice } from './invoices-shared';

interface Reroute {
  channel: InvoiceActionChannel;
  destination: string;
  operator: string | null;
  apply(r: InvoiceRecord): void;
}

/** The three reroute bodies, each turned into the route the invoice takes next. */
const REROUTES: Record<'einvoice' | 'email' | 'print', (body: unknown) => Reroute> = {
  einvoice: (body) => {
    const b = parseOr400(rerouteEinvoiceBodySchema, body);
    return {
      channel: 'EINVOICE',
      destination: b.recipient_eia,
      operator: b.recipient_operator,
      apply: (r) => {
        r.recipient = { ...r.recipient, eia: b.recipient_eia, operator: b.recipient_operator };
      },
    };
  },
  email: (body) => {
    const b = parseOr400(rerouteEmailBodySchema, body);
    return {
      channel: 'EMAIL',
      destination: b.recipient_email,
      operator: null,
      apply: (r) => {
        r.recipient = { ...r.recipient, email: b.recipient_email };
      },
    };
  },
  print: (body) => {
    const b = parseOr400(reroutePrintBodySchema, body);
    const destination = [
      b.recipient_name,
      b.recipient_address1,
      b.recipient_address2,
      `${b.recipient_post_code} ${b.recipient_post_office}`,
      b.recipient_state,
      b.recipient_country,
    ]
      .filter((x) => x !== undefined && x !== '')
      .join(', ');
    return {
      channel: 'PRINT',
      destination,
      operator: null,
      apply: (r) => {
        r.recipient = {
          ...r.recipient,
          postal_address: {
            name: b.recipient_name,
            address1: b.recipient_address1,
            address2: b.recipient_address2 ?? null,
            post_code: b.recipient_post_code,
            post_office: b.recipient_post_office,
            state: b.recipient_state ?? null,
            country: b.recipient_country,
          },
        };
      },
    };
  },
};

export function invoiceManageRoutes(app: FastifyInstance, api: InvoiceApi): void {
  const { ctx } = api;

  app.patch(
    '/v1/invoices/:id/invoice_events',
    { preHandler: ctx.guard({ anyOf: ['invoice:receive', 'invoice:send'], verified: true }) },
    async (req, reply) => {
      const { company } = authOf(req);
      const body = parseOr400(invoiceEventsBodySchema, req.body);
      const r = ownInvoice(api, company.id, idParam(req));
      const handled = body.state === 'HANDLED';
      if (r.handled !== handled) {
        api.table.update(r.id, (x) => {
          x.handled = handled;
          bumpRevision(x);
        });
      }
      return reply.code(204).send();
    },
  );

  for (const kind of ['einvoice', 'email', 'print'] as const) {
    app.put(`/v1/invoices/:id/reroute/${kind}`, { preHandler: ctx.guard({ anyOf: ['invoice:send'], verified: true }) }, async (req) => {
      const { company } = authOf(req);
      const r = ownInvoice(api, company.id, idParam(req));
      const route = REROUTES[kind](req.body);
      if (r.direction !== 'SENT') throw conflict(undefined, 'Only sent invoices can be rerouted', ['direction: this invoice was received']);
      if (r.status !== 'FAILED') {
        throw conflict(undefined, `Only FAILED invoices can be rerouted; this one is ${r.status}`, [
          `status: ${r.status}; reroute is possible after a delivery failed`,
        ]);
      }
      const at = ctx.nowIso();
      const updated = api.table.update(r.id, (x) => {
        route.apply(x);
        x.status = 'PENDING';
        x.destination = route.destination;
        x.actions.push(action('INFO', null, `Rerouted to ${route.channel} by the sender`, at));
        x.actions.push(
          action('SENT', route.channel, `Sent by ${route.channel} to ${route.destination}`, at, {
            destination: route.destination,
            operator: route.operator,
          }),
        );
        bumpRevision(x);
      }) as InvoiceRecord;
      return toPublic(updated, baseUrl(req));
    });
  }
}
