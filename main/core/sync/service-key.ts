import { createHash } from 'node:crypto';

/**
 * The namespace of E-Invoice Sync's content keys. Fixed for ever: a key derived under another namespace
 * would not match what an earlier run sent.
 */
const NAMESPACE = Buffer.from('4f6b3c2e9a514d8eb7a01c5e2f3d9b64', 'hex');

/**
 * The key a file is sent under (an invoice's `uuid`, a document's `transmission_id`), derived from what
 * the file is and where it was dropped, never from the database: when the database loses its last
 * commits (a lost WAL, a power cut, a restore of an older copy) the files still in the Outbox are
 * taken in again under the very keys they were sent with, and the service recognises them. The folder
 * is in it so that the same bytes meant for two places (two routes, two document types) stay two.
 */
export function contentKey(accountId: string, relPath: string, sha256: string): string {
  const slash = relPath.replaceAll('\\', '/');
  const folder = slash.includes('/') ? slash.slice(0, slash.lastIndexOf('/')) : '';
  return nameBasedUuid(`${accountId}\n${folder}\n${sha256.toLowerCase()}`);
}

/**
 * A name-based UUID, version 5 (RFC 9562 5.5): SHA-1 of the namespace and the name, cut to 128 bits with
 * the version and variant bits set; the test checks it against Python's uuid.uuid5. (The uuid package's
 * current build exports only through conditions the layer check's resolver does not follow.)
 */
function nameBasedUuid(name: string): string {
  const b = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  b[6] = ((b[6] as number) & 0x0f) | 0x50;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
