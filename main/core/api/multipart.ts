import { randomBytes } from 'node:crypto';

/** A form field: text, or a file's bytes under a name. */
export type Part = { name: string; value: string } | { name: string; filename: string; data: Uint8Array; type?: string };

export interface Multipart {
  contentType: string;
  body: Buffer;
}

// As the WHATWG multipart/form-data encoding (what undici's FormData sends): quotes and line breaks in
// names escaped, line breaks in text values as CRLF, a CRLF after the closing boundary.
const escapeQuoted = (s: string) => s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
const crlf = (s: string) => s.replace(/\r?\n|\r/g, '\r\n');

/**
 * A multipart/form-data body in one buffer: each file's bytes copied once, straight from the buffer
 * read off the disk. undici's FormData takes a file only as a Blob (a copy), then streams the Blob out
 * again (another) in many writes; an upload is sent whole, and sent again whole on a retry.
 */
export function multipart(parts: readonly Part[]): Multipart {
  const boundary = `----einvoice-sync-${randomBytes(12).toString('hex')}`;
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(crlf(p.name))}"`;
    if ('value' in p) {
      chunks.push(Buffer.from(`${head}\r\n\r\n${crlf(p.value)}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`${head}; filename="${escapeQuoted(p.filename)}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
