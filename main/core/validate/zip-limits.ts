// The bounds of the zip form (an invoice XML with its PDF image and attachments in one zip), and the
// reading of its central directory against them. Every path that opens such a zip (the hot folder's
// check before sending, the remote validation of the same file, the Validate page and the outbox's
// report view) goes through zip-form.ts, which runs this in a worker thread.

/** How every refusal of a zip begins: a report that starts so was refused by these bounds, not by the rules. */
export const ZIP_REFUSED = 'The zip was not opened: ';

/** A zip that holds more entries is refused: an invoice, its image and attachments are a handful. */
export const MAX_ZIP_ENTRIES = 1_000;
/** The most one entry may unpack to: the largest file the service takes (100 MB). */
export const MAX_ZIP_ENTRY_BYTES = 100 * 1024 * 1024;
/** The most all entries together may declare: the service's limit twice over. */
export const MAX_ZIP_TOTAL_BYTES = 200 * 1024 * 1024;
/**
 * The most an entry may grow when unpacked, counted for entries over MAX_RATIO_FROM_BYTES. Invoice
 * XML packs 5 to 30 times smaller, PDFs and images hardly at all; deflate's own ceiling is about
 * 1,030, which only runs of one byte reach: a bomb's.
 */
export const MAX_ZIP_RATIO = 100;
/** Small entries may pack as well as they like (a kilobyte of spaces packs 100 times): they cannot hurt. */
export const MAX_RATIO_FROM_BYTES = 1024 * 1024;
/**
 * Archives inside the zip are not opened, and a zip that holds one is refused: no invoice format
 * nests archives, and each level of a nested bomb multiplies the last.
 */
const ARCHIVE = /\.(zip|jar|7z|rar|gz|tgz|tar|bz2|xz|zst|cab|z)$/i;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

export type ZipListing = { ok: true; entries: ZipEntry[] } | { ok: false; problem: string };

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * The entries of a zip, read from its central directory without unpacking anything, or why it is
 * refused: too many entries, an entry or all of them too large or packed beyond any document, an
 * archive inside, a name that leaves its folder (`..`, absolute, a drive) or a link, encryption,
 * a method other than stored or deflated, or a directory that does not hold together. Counted by
 * walking the directory, not by the count its end record gives (16 bits, which 100,000 entries
 * overflow).
 */
export function listZip(zip: Uint8Array): ZipListing {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = findEnd(view);
  if (end < 0) return refuse('it is not a complete zip archive (its directory is missing)');
  const dirSize = view.getUint32(end + 12, true);
  const dirOffset = view.getUint32(end + 16, true);
  if (dirOffset === 0xffffffff || dirSize === 0xffffffff) return refuse('it is a ZIP64 archive, which no invoice needs');
  if (dirOffset + dirSize > end) return refuse('its directory does not hold together');
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let at = dirOffset; at < dirOffset + dirSize; ) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return refuse('its directory does not hold together');
    if (entries.length >= MAX_ZIP_ENTRIES) return refuse(`it holds more than ${MAX_ZIP_ENTRIES} files`);
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    const problem = entryProblem({ name, method, compressedSize, size, localOffset }, flags, madeBy, external, dirOffset);
    if (problem) return refuse(`${JSON.stringify(name.slice(0, 80))} ${problem}`);
    total += size;
    if (total > MAX_ZIP_TOTAL_BYTES) return refuse(`its files unpack to more than ${MB(MAX_ZIP_TOTAL_BYTES)}`);
    entries.push({ name, method, compressedSize, size, localOffset });
  }
  return { ok: true, entries };
}

/** Why one entry is refused, or null. */
function entryProblem(e: ZipEntry, flags: number, madeBy: number, external: number, dirOffset: number): string | null {
  const parts = e.name.split(/[/\\]/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in a name is what is refused
  if (e.name === '' || /[\u0000-\u001f]/.test(e.name)) return 'has no usable name';
  if (/^[/\\]/.test(e.name) || /^[A-Za-z]:/.test(e.name)) return 'names a place outside the archive';
  if (parts.includes('..')) return 'names a place outside the archive (..)';
  // Unix (3) and macOS (19) keep the file's type in the high half of the external attributes.
  if ((madeBy === 3 || madeBy === 19) && ((external >>> 16) & 0o170000) === 0o120000) return 'is a link';
  if (flags & 1) return 'is encrypted';
  if (e.method !== 0 && e.method !== 8) return 'is packed with a method other than deflate';
  if (e.method === 0 && e.compressedSize !== e.size) return 'is stored with two different sizes';
  if (ARCHIVE.test(e.name)) return 'is an archive inside the archive, which is not opened';
  if (e.localOffset + 30 + e.compressedSize > dirOffset) return 'lies outside the archive';
  if (e.size > MAX_ZIP_ENTRY_BYTES) return `unpacks to more than ${MB(MAX_ZIP_ENTRY_BYTES)}`;
  if (e.size > MAX_RATIO_FROM_BYTES && e.size > e.compressedSize * MAX_ZIP_RATIO)
    return `unpacks to ${Math.round(e.size / Math.max(1, e.compressedSize))} times its packed size, as only a zip bomb does`;
  return null;
}

/** The end-of-directory record: within the last 64 KiB + 22 bytes (its comment is at most 64 KiB). */
function findEnd(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  return -1;
}

function refuse(why: string): ZipListing {
  return { ok: false, problem: `${ZIP_REFUSED}${why}.` };
}

/**
 * The entry the invoice is: the largest XML at any depth, as the service takes it (an XML with its
 * same-named PDF, attachments beside). Null when the zip holds no XML.
 */
export function invoiceEntry(entries: readonly ZipEntry[]): ZipEntry | null {
  const xml = entries.filter((e) => e.name.toLowerCase().endsWith('.xml'));
  return xml.sort((a, b) => b.size - a.size)[0] ?? null;
}

/** Where an entry's packed bytes start: after its local header, whose name and extra may differ from the directory's. */
export function dataOffset(zip: Uint8Array, e: ZipEntry): number | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (e.localOffset + 30 > zip.byteLength || view.getUint32(e.localOffset, true) !== 0x04034b50) return null;
  const start = e.localOffset + 30 + view.getUint16(e.localOffset + 26, true) + view.getUint16(e.localOffset + 28, true);
  return start + e.compressedSize <= zip.byteLength ? start : null;
}
