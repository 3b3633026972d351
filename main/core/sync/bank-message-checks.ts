import { readFile } from 'node:fs/promises';
import { XMLValidator } from 'fast-xml-parser';
import type { BankMessageType } from '../../../shared/enums';

/**
 * The largest bank message the app sends. The spec shows no limit; a Finvoice notification message
 * (sender info, receiver info, receiver proposal) is a few kilobytes, so a bigger file is almost surely
 * something else dropped into the wrong folder.
 */
export const MAX_BANK_MESSAGE_BYTES = 5 * 1024 * 1024;

/** The root element of each message type the spec names (SI, RI, RP), as Finvoice 3.0 names them. */
export const BANK_MESSAGE_ROOTS: Readonly<Record<string, BankMessageType>> = {
  FinvoiceSenderInfo: 'SI',
  FinvoiceReceiverInfo: 'RI',
  ReceiverProposal: 'RP',
};

export type BankMessageCheck = { ok: true; type: BankMessageType } | { ok: false; reason: string };

/**
 * Whether a file of Outbox/BankMessages is a bank message the banks can read: not empty, not too big,
 * well-formed XML without a DTD, whose root is one of the three message types. The file checked is the
 * app's own copy, so what passed is what is sent.
 */
export async function checkBankMessage(path: string, size: number): Promise<BankMessageCheck> {
  if (size === 0) return refuse('The file is empty. When the program that makes it has finished writing it, put it into the Outbox again.');
  if (size > MAX_BANK_MESSAGE_BYTES) {
    return refuse(
      `The file is ${(size / 1024 / 1024).toFixed(1)} MB; a bank message is a few kilobytes, and the app sends files of up to ${MAX_BANK_MESSAGE_BYTES / 1024 / 1024} MB from this folder.`,
    );
  }
  return bankMessageType(await readFile(path));
}

/** The message type of bank message bytes, or why they are not a bank message. */
export function bankMessageType(data: Buffer): BankMessageCheck {
  const text = textOf(data);
  if (!/^\s*</.test(text)) {
    return refuse(
      'The file is not XML. A bank message is a Finvoice notification message in XML: sender info, receiver info or a receiver proposal.',
    );
  }
  if (/<!DOCTYPE|<!ENTITY/.test(text)) {
    return refuse(
      'The file declares a DTD (DOCTYPE or ENTITY). Bank messages never use one, and such files can attack the programs that read them.',
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) return refuse(`The file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`);
  const root = /<([A-Za-z_][\w.:-]*)[\s/>]/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1] ?? '';
  const type = BANK_MESSAGE_ROOTS[root.replace(/^[^:]*:/, '')];
  if (!type) {
    return refuse(
      `The file is XML, but its root element ${root || '(none)'} is not a bank message. The bank messages are FinvoiceSenderInfo (SI), FinvoiceReceiverInfo (RI) and ReceiverProposal (RP); invoices go into Outbox/Invoices.`,
    );
  }
  return { ok: true, type };
}

const refuse = (reason: string): BankMessageCheck => ({ ok: false, reason });

/** UTF-16 by its byte order mark, else UTF-8 (an ISO-8859-1 file reads the same where it matters: the markup). */
function textOf(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return data.subarray(2).toString('utf16le');
  if (data[0] === 0xfe && data[1] === 0xff)
    return Buffer.from(data.subarray(2, 2 + ((data.length - 2) & ~1)))
      .swap16()
      .toString('utf16le');
  return data.toString('utf8').replace(/^\uFEFF/, '');
}

/** The action codes a Finvoice notification's MessageDetails carries (Finvoice 3.0: a consumer orders, changes or ends e-invoicing). */
const ACTIONS = new Set(['ADD', 'CHANGE', 'DEL']);

/**
 * The type a received or sent bank message's list row shows, read from its own bytes (the service's
 * listing gives ids only): the spec's type (SI, RI, RP) by the root element, and its MessageActionCode
 * where it is one Finvoice names, as "RI ADD". Null for anything else (an error notice, a damaged file).
 */
export function bankMessageLabel(data: Buffer): string | null {
  const check = bankMessageType(data);
  if (!check.ok) return null;
  const action = /<MessageActionCode>\s*([A-Z]+)\s*</.exec(textOf(data))?.[1];
  return action && ACTIONS.has(action) ? `${check.type} ${action}` : check.type;
}
