/** The largest upload the service takes (the sandbox's limit; the spec does not show the real one). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * The checks a file passes before anything of it is uploaded: the reasons the service would refuse
 * it anyway, found here without sending a byte. Answers the refusal in plain words, or null. `head` is
 * the first HEAD_BYTES (spool.ts) of the app's own copy, kept while it is copied: a DTD can only stand
 * before the document element, near the start. The bytes checked are the bytes that would be sent.
 */
export function refusalOfHead(head: Buffer, size: number, kind: 'invoice' | 'document'): string | null {
  if (size === 0) return 'The file is empty. When the program that makes it has finished writing it, put it into the Outbox again.';
  if (size > MAX_UPLOAD_BYTES) {
    return `The file is ${(size / 1024 / 1024).toFixed(1)} MB; the service takes files of up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  }
  if (head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return null; // the zip form: an invoice with its image and attachments
  const text = headText(head);
  const xml = /^\s*</.test(text);
  if (kind === 'invoice' && !xml) {
    return 'The file is not XML. An invoice is sent as its XML file (Finvoice, Peppol BIS, EHF, ...), or as a zip holding the XML, its PDF image and attachments.';
  }
  if (xml && /<!DOCTYPE|<!ENTITY/.test(text)) {
    return 'The file declares a DTD (DOCTYPE or ENTITY). No e-invoice or trading document format uses one, and such files can attack the programs that read them; the service refuses them.';
  }
  return null;
}

/** The head as text: UTF-16 by its byte order mark, else an ASCII-compatible reading. */
function headText(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return head.subarray(2).toString('utf16le');
  if (head[0] === 0xfe && head[1] === 0xff)
    return Buffer.from(head.subarray(2, 2 + ((head.length - 2) & ~1)))
      .swap16()
      .toString('utf16le');
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  return head.subarray(start).toString('latin1');
}
