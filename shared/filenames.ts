// File-name rules shared by the engine and the UI. Names that come from the service (or from
// invoice content) are untrusted: they must make a legal name on Windows and macOS and must never
// name anything outside the folder they are written into.

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// Control characters, the characters Windows forbids, and path separators of every platform.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
const ILLEGAL = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
/** Longest name in UTF-8 bytes: 255 is the limit of NTFS, APFS and ext4; leave room for " (99)". */
export const MAX_NAME_BYTES = 200;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

function truncateBytes(s: string, max: number): string {
  if (byteLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * A safe single path segment: NFC-normalised, illegal characters replaced, no leading dots or
 * trailing dots and spaces (Windows drops them), not a reserved device name, at most
 * MAX_NAME_BYTES bytes with the extension kept. Never empty, never '.' or '..'.
 */
export function sanitizeFileName(raw: string, fallback = 'file'): string {
  let name = raw
    .normalize('NFC')
    .replace(/[\t\n\r\v\f]+/g, ' ')
    .replace(ILLEGAL, '_')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (name === '' || /^_+$/.test(name)) name = fallback;
  // Windows drops trailing spaces and dots of the part before the extension too: `CON .txt` and `nul..xml` are devices.
  const base = name.split('.')[0]?.replace(/[\s.]+$/, '') ?? '';
  if (WINDOWS_RESERVED.test(name) || WINDOWS_RESERVED.test(base)) name = `_${name}`;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  const stem = ext ? name.slice(0, -ext.length) : name;
  const cut = truncateBytes(stem, MAX_NAME_BYTES - byteLength(ext)).replace(/[.\s]+$/, '');
  return (cut || fallback) + ext;
}

/** `name (2).ext`, `name (3).ext`...: the n-th alternative when a name is taken. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** File extension for a MIME type, for files whose name the service did not give. */
export function extensionFor(contentType: string | null | undefined, fallback = '.bin'): string {
  const ct = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (ct === 'application/pdf') return '.pdf';
  if (ct.endsWith('/xml') || ct.endsWith('+xml')) return '.xml';
  if (ct === 'application/json') return '.json';
  if (ct === 'application/zip') return '.zip';
  if (ct === 'image/png') return '.png';
  if (ct === 'image/jpeg') return '.jpg';
  if (ct.startsWith('text/')) return '.txt';
  return fallback;
}

/**
 * A readable name for a received item: `2026-03-01 Sender Oy 12345.xml`. Parts that are missing are
 * left out; the id keeps two invoices with the same number from the same sender apart when asked.
 */
export function readableName(
  parts: { date?: string | null; party?: string | null; number?: string | null; id?: string | null },
  ext: string,
): string {
  const date = parts.date ? parts.date.slice(0, 10) : '';
  const words = [date, parts.party ?? '', parts.number ?? '', parts.id ?? ''].map((p) => p.trim()).filter(Boolean);
  const e = ext.startsWith('.') ? ext : `.${ext}`;
  return sanitizeFileName(`${words.join(' ') || 'item'}${e}`);
}
