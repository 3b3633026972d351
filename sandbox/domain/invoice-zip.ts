import { unzipSync } from 'fflate';
import { InvoiceFileError } from './invoice-parsed';

/**
 * The zip form of an invoice upload (unshown-parts.md): one XML invoice, a PDF of the same name as its
 * image, and any other files as attachments.
 */

export interface PackedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface UnpackedInvoice {
  xml: PackedFile;
  image: PackedFile | null;
  attachments: PackedFile[];
}

/** Inflated bytes a zip may hold in all; keeps a small zip from unpacking into gigabytes. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 200;

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
};

export function mimeOf(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

/** Local file header or an empty archive's end record. */
export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && ((data[2] === 3 && data[3] === 4) || (data[2] === 5 && data[3] === 6));
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const stem = (name: string): string => name.replace(/\.[^.]*$/, '').toLowerCase();

export function unpackInvoiceZip(data: Buffer): UnpackedInvoice {
  let entries: Record<string, Uint8Array>;
  let total = 0;
  let count = 0;
  try {
    entries = unzipSync(new Uint8Array(data.buffer, data.byteOffset, data.length), {
      filter: (f) => {
        // Folders and the metadata macOS adds to archives are not files of the invoice.
        if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/') || baseName(f.name).startsWith('._')) return false;
        count++;
        total += f.originalSize;
        if (count > MAX_ENTRIES) throw new InvoiceFileError('The zip holds too many files', [`zip: more than ${MAX_ENTRIES} files`]);
        if (total > MAX_UNPACKED_BYTES) {
          throw new InvoiceFileError('The zip unpacks to too much data', [
            `zip: more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB unpacked`,
          ]);
        }
        return true;
      },
    });
  } catch (err) {
    if (err instanceof InvoiceFileError) throw err;
    throw new InvoiceFileError('The zip file could not be read', [`zip: ${(err as Error).message || 'corrupt archive'}`]);
  }
  const files: PackedFile[] = Object.entries(entries).map(([path, bytes]) => {
    const filename = baseName(path);
    return { filename, mimetype: mimeOf(filename), data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  });
  const xmls = files.filter((f) => /\.xml$/i.test(f.filename));
  if (xmls.length !== 1) {
    throw new InvoiceFileError('The zip must hold exactly one XML invoice', [
      xmls.length === 0 ? 'zip: no .xml file found' : `zip: ${xmls.length} .xml files found (${xmls.map((x) => x.filename).join(', ')})`,
    ]);
  }
  const xml = xmls[0] as PackedFile;
  const image = files.find((f) => f !== xml && /\.pdf$/i.test(f.filename) && stem(f.filename) === stem(xml.filename)) ?? null;
  const attachments = files.filter((f) => f !== xml && f !== image);
  return { xml, image, attachments };
}
