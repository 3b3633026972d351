import { createHash } from 'node:crypto';
import type { TestCompany, TestSandbox } from './sandbox';

export const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

/** A small Finvoice notification message of the given root; `n` makes each one's bytes its own. */
export const bankMessage = (root: string, n: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} Version="3.0"><MessageDetails><MessageIdentifier>BM-${n}</MessageIdentifier>` +
  `<MessageTimeStamp>2026-11-25T10:00:00+02:00</MessageTimeStamp></MessageDetails><SellerPartyIdentifier>1234567-8</SellerPartyIdentifier></${root}>\n`;

/** Every sent bank message of the company on the sandbox, by the sha256 of its content. */
export async function sentOnService(sb: TestSandbox, company: TestCompany): Promise<Map<string, string[]>> {
  const token = await sb.token(company);
  const q = new URLSearchParams({ timestamp_start: '2000-01-01T00:00:00Z', timestamp_end: '2100-01-01T00:00:00Z' });
  const ids = (await (await sb.call(`/v1/fi_bank_messages/sent_messages?${q}`, { token })).json()) as string[];
  const bySha = new Map<string, string[]>();
  for (const id of ids) {
    const body = Buffer.from(await (await sb.call(`/v1/fi_bank_messages/sent_messages/${id}`, { token })).arrayBuffer());
    bySha.set(sha256(body), [...(bySha.get(sha256(body)) ?? []), id]);
  }
  return bySha;
}
