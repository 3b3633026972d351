import type { BankMessageKind, BankMessageType } from '../../../shared/enums';
import { bankMessageIdListSchema, bankMessageStatusSchema } from '../../../shared/schemas/bank';
import type { ServiceClient } from './client';
import { enc, type FileAnswer, fileAnswer } from './invoices';
import { FormData } from './transport';

const LIST_PATH: Record<BankMessageKind, string> = {
  ri: '/v1/fi_bank_messages/ri_messages',
  sent: '/v1/fi_bank_messages/sent_messages',
  error: '/v1/fi_bank_messages/error_messages',
};

export interface TimeWindow {
  start: string;
  end: string;
}

/** Finnish consumer-invoicing bank messages (RI, sent and error messages). */
export function bankMessagesApi(client: ServiceClient) {
  return {
    async list(kind: BankMessageKind, window: TimeWindow, messageType?: BankMessageType, signal?: AbortSignal): Promise<string[]> {
      const query = { timestamp_start: window.start, timestamp_end: window.end, message_type: kind === 'sent' ? messageType : undefined };
      return (await client.json({ method: 'GET', path: LIST_PATH[kind], query, signal }, bankMessageIdListSchema)).data;
    },
    async content(kind: BankMessageKind, id: string, signal?: AbortSignal): Promise<FileAnswer> {
      const res = await client.call({ method: 'GET', path: `${LIST_PATH[kind]}/${enc(id)}`, signal });
      return fileAnswer(res.headers, res.body);
    },
    async deleteRi(id: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: `${LIST_PATH.ri}/${enc(id)}`, signal });
    },
    /**
     * Sends one message. The answer is 204 without a body; the message's id is read from a Location
     * header naming /v1/fi_bank_messages/{id} when the service gives one (null otherwise).
     */
    async send(filename: string, data: Buffer, signal?: AbortSignal): Promise<{ id: string | null }> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), filename);
      // No idempotency key exists for bank messages: never repeated automatically.
      const res = await client.call({ method: 'POST', path: '/v1/fi_bank_messages', form, idempotent: false, signal });
      const location = [res.headers.location].flat()[0] ?? '';
      const id = /\/v1\/fi_bank_messages\/([^/?#]+)$/.exec(location.split('?')[0] ?? '')?.[1];
      return { id: id ? decodeURIComponent(id) : null };
    },
    async status(id: string, signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: `/v1/fi_bank_messages/${enc(id)}`, signal }, bankMessageStatusSchema)).data;
    },
  };
}

export type BankMessagesApi = ReturnType<typeof bankMessagesApi>;
