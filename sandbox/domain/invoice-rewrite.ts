import type { ParsedInvoice } from './invoice-parsed';
import { decodeInvoiceXml } from './invoice-xml';

/**
 * Makes a new invoice out of a real sample file by changing its seller, buyer, number and dates in
 * the XML text itself, keeping its encoding. The demo seed uses it so that a year of history built
 * from a few dozen samples looks like many suppliers, and the record parsed from the changed file
 * agrees with the file a client downloads.
 */
export interface Rebrand {
  senderName?: string;
  senderBid?: string;
  recipientName?: string;
  number?: string;
  date?: string;
  dateDue?: string;
}

const escText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const P = '(?:[\\w.-]+:)?';

/** ISO-8859-15 differs from Latin-1 in eight places; characters outside it become character references. */
const LATIN9: Record<string, number> = { '€': 0xa4, Š: 0xa6, š: 0xa8, Ž: 0xb4, ž: 0xb8, Œ: 0xbc, œ: 0xbd, Ÿ: 0xbe };
const LATIN9_HOLES = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

function encodeSingleByte(text: string, latin9: boolean): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0x3f;
    const mapped = latin9 ? LATIN9[ch] : undefined;
    if (mapped !== undefined) out.push(mapped);
    else if (c < 0x100 && !(latin9 && LATIN9_HOLES.has(c))) out.push(c);
    else for (const b of Buffer.from(`&#x${c.toString(16)};`, 'latin1')) out.push(b);
  }
  return Buffer.from(out);
}

function encode(text: string, encoding: string): Buffer | null {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'iso-8859-15') return encodeSingleByte(text, true);
  if (encoding === 'windows-1252' || encoding === 'iso-8859-1') return encodeSingleByte(text, false);
  return null;
}

function yyyymmdd(d: string): string {
  return d.replaceAll('-', '');
}

/** Every string in the parsed invoice mapped (embedded file bytes left as they are). */
function mapStrings<T>(v: T, f: (s: string) => string): T {
  if (typeof v === 'string') return f(v) as T;
  if (Buffer.isBuffer(v) || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = mapStrings(x, f);
  return out as T;
}

/**
 * The changed file and its parse: the sample's parse with exactly those fields changed whose
 * replacement took place in the text, so the two agree without parsing the copy again.
 */
export function rebrandInvoice(bytes: Buffer, p: ParsedInvoice, change: Rebrand): { bytes: Buffer; parsed: ParsedInvoice } {
  const { text, encoding } = decodeInvoiceXml(bytes);
  let t = text;
  let next: ParsedInvoice = { ...p, sender: { ...p.sender }, recipient: { ...p.recipient } };
  /** Run one replacement; when it changed the text, apply its counterpart to the parse. */
  const step = (replace: () => void, patch: () => void) => {
    const before = t;
    replace();
    if (t !== before) patch();
  };
  // Names were read with their whitespace collapsed; in the file they may wrap or trail spaces.
  const swapText = (old: string | null, neu: string) => {
    if (!old) return;
    const pattern = escRe(escText(old)).replace(/ /g, '\\s+');
    t = t.replace(new RegExp(`>\\s*${pattern}\\s*<`, 'g'), () => `>${escText(neu)}<`);
  };
  // The pattern's groups are the text before the value and, optionally, after it.
  const swapFirst = (re: RegExp, value: string) => {
    t = t.replace(re, (...m: unknown[]) => `${m[1]}${value}${typeof m[2] === 'string' ? m[2] : ''}`);
  };
  const { senderName, recipientName, senderBid, number, date, dateDue } = change;
  if (senderName)
    step(
      () => swapText(p.sender.name, senderName),
      () => (next.sender.name = senderName),
    );
  if (recipientName)
    step(
      () => swapText(p.recipient.name, recipientName),
      () => (next.recipient.name = recipientName),
    );
  // Identifiers recur inside VAT numbers and endpoint ids; replacing all keeps them consistent.
  const oldBid = p.sender.bid;
  if (senderBid && oldBid && oldBid.length >= 6) {
    step(
      () => (t = t.split(oldBid).join(escText(senderBid))),
      () => (next = mapStrings(next, (x) => x.split(oldBid).join(senderBid))),
    );
  }
  if (number && p.number) {
    const num = escRe(escText(p.number));
    const value = escText(number);
    const idAfter = (from: number) => {
      const re = new RegExp(`(<${P}ID(?:\\s[^>]*)?>)\\s*${num}\\s*(</)`);
      t = t.slice(0, from) + t.slice(from).replace(re, (_m, o: string, c: string) => `${o}${value}${c}`);
    };
    step(
      () => {
        if (p.family === 'FINVOICE') swapFirst(new RegExp(`(<InvoiceNumber>)\\s*${num}\\s*(</)`), value);
        else if (p.family === 'UBL') idAfter(0);
        else {
          const at = t.search(new RegExp(`<${P}ExchangedDocument>`));
          if (at >= 0) idAfter(at);
        }
      },
      () => (next.number = number),
    );
  }
  if (date) {
    step(
      () => {
        if (p.family === 'UBL') swapFirst(new RegExp(`(<${P}IssueDate>)[^<]*(<)`), date);
        if (p.family === 'CII') swapFirst(new RegExp(`(IssueDateTime>\\s*<${P}DateTimeString[^>]*>)\\d{8}`), yyyymmdd(date));
        if (p.family === 'FINVOICE') swapFirst(/(<InvoiceDate[^>]*>)\d{8}/, yyyymmdd(date));
      },
      () => (next.date = date),
    );
  }
  if (dateDue && p.date_due) {
    const compact = (_m: string, open: string) => `${open}${yyyymmdd(dateDue)}`;
    const dashed = (_m: string, open: string, close: string) => `${open}${dateDue}${close}`;
    step(
      () => {
        if (p.family === 'UBL') t = t.replace(new RegExp(`(<${P}(?:Payment)?DueDate>)[^<]*(<)`, 'g'), dashed);
        if (p.family === 'CII') t = t.replace(new RegExp(`(DueDateDateTime>\\s*<${P}DateTimeString[^>]*>)\\d{8}`, 'g'), compact);
        if (p.family === 'FINVOICE') t = t.replace(/(<(?:InvoiceDueDate|EpiDateOptionDate)[^>]*>)\d{8}/g, compact);
      },
      () => (next.date_due = dateDue),
    );
  }
  const out = encode(t, encoding);
  return out ? { bytes: out, parsed: next } : { bytes, parsed: p };
}
