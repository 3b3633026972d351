import { constants, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';

/**
 * Raw deflate of `mb` MB of zeros, built without holding them: one MB deflated with a sync flush
 * (complete blocks, none final, byte-aligned) is repeated, and a final empty block ends the stream.
 * 1,024 MB make about 1 MB.
 */
export function deflatedZeros(mb: number): Buffer {
  const one = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mb }, () => one), Buffer.from([0x03, 0x00])]);
}

export interface CraftedEntry {
  name: string;
  packed: Uint8Array;
  /** The size the headers declare (a bomb may lie). */
  size: number;
  method?: number;
}

/** A zip written by hand, so its headers can say what a bomb's say (fflate writes only true ones). */
export function craftedZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method ?? 8, 8);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method ?? 8, 10);
    central.writeUInt32LE(e.packed.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(e.packed));
    centrals.push(central, name);
    offset += 30 + name.length + e.packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length & 0xffff, 8);
  end.writeUInt16LE(entries.length & 0xffff, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The bombs of issue 39, item 2, each with what its refusal names. */
export function zipBombs(): { what: string; zip: Buffer; says: RegExp }[] {
  const gb = deflatedZeros(1024);
  const tiny = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`a/${i}.txt`, new Uint8Array([0x61])]));
  return [
    {
      what: '1 GB of zeros, declared',
      zip: craftedZip([{ name: 'invoice.xml', packed: gb, size: 1024 * 1024 * 1024 }]),
      says: /more than 100 MB/,
    },
    // Declares 4 KB, packs 1 GB: only the worker's bound on what it unpacks stops it.
    {
      what: '1 GB of zeros, declared 4 KB',
      zip: craftedZip([{ name: 'invoice.xml', packed: gb, size: 4096 }]),
      says: /more than the size it declares/,
    },
    // The shape of the review's 1.3 MB zip: each entry within the old bound (50 times the zip), together 1.2 GB.
    {
      what: 'thirty XML entries of 40 MB',
      zip: craftedZip(Array.from({ length: 30 }, (_, i) => ({ name: `${i}.xml`, packed: deflatedZeros(40), size: 40 * 1024 * 1024 }))),
      says: /times its packed size, as only a zip bomb does/,
    },
    {
      what: '100,000 tiny entries',
      zip: Buffer.from(zipSync({ 'invoice.xml': new Uint8Array([0x3c]), ...tiny }, { level: 0 })),
      says: /more than 1000 files/,
    },
    {
      what: 'a nested zip',
      zip: Buffer.from(zipSync({ 'invoice.xml': new Uint8Array([0x3c]), 'inner.zip': zipSync({ 'bomb.xml': new Uint8Array(1000) }) })),
      says: /archive inside the archive/,
    },
    { what: 'a ../x name', zip: Buffer.from(zipSync({ '../x.xml': new Uint8Array([0x3c]) })), says: /outside the archive \(\.\.\)/ },
    { what: 'an absolute name', zip: Buffer.from(zipSync({ '/etc/x.xml': new Uint8Array([0x3c]) })), says: /outside the archive/ },
    {
      what: 'a link',
      zip: Buffer.from(zipSync({ 'invoice.xml': [new Uint8Array([0x3c]), { os: 3, attrs: 0o120777 << 16 }] })),
      says: /is a link/,
    },
  ];
}
