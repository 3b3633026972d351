// The zip form's worker thread (node:worker_threads): lists a zip against the bounds of zip-limits.ts
// and unpacks its invoice XML, so a zip bomb costs this thread, with its own memory limit, and never
// the engine's, which goes on answering the app. Started once per zip by zip-form.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import { dataOffset, invoiceEntry, listZip, ZIP_REFUSED } from './zip-limits';

export type ZipAnswer = { kind: 'xml'; xml: Uint8Array } | { kind: 'refused'; problem: string } | { kind: 'unreadable' };

function unpack(zip: Uint8Array): ZipAnswer {
  const listing = listZip(zip);
  if (!listing.ok) return { kind: 'refused', problem: listing.problem };
  const entry = invoiceEntry(listing.entries);
  if (!entry) return { kind: 'unreadable' };
  const start = dataOffset(zip, entry);
  if (start === null) return { kind: 'unreadable' };
  const packed = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return { kind: 'xml', xml: packed.slice() };
  try {
    // Never more than the entry declares (already within the bounds): a zip that lies about its sizes stops here.
    return { kind: 'xml', xml: inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) }) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      return { kind: 'refused', problem: `${ZIP_REFUSED}${JSON.stringify(entry.name)} unpacks to more than the size it declares.` };
    return { kind: 'unreadable' };
  }
}

const port = parentPort;
if (!port) throw new Error('zip-worker.ts runs only as a worker thread');
const answer = unpack(workerData as Uint8Array);
port.postMessage(answer, answer.kind === 'xml' ? [answer.xml.buffer as ArrayBuffer] : []);
