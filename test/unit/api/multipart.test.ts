import { FormData, Response } from 'undici';
import { describe, expect, it } from 'vitest';
import { multipart, type Part } from '../../../main/core/api/multipart';

// Uploads are encoded in one buffer instead of undici's FormData: the bytes must be the very ones
// undici's FormData encodes for the same fields (boundary aside), odd names and line breaks included.

async function undiciBytes(parts: readonly Part[]): Promise<{ body: string; boundary: string }> {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.data)], p.type ? { type: p.type } : {}), p.filename);
  }
  const res = new Response(form);
  const boundary = /boundary=(.+)$/.exec(res.headers.get('content-type') ?? '')?.[1] ?? '';
  return { body: Buffer.from(await res.arrayBuffer()).toString('latin1'), boundary };
}

const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31 + 7) % 256));

describe('multipart encodes a form as undici does', () => {
  const cases: Record<string, Part[]> = {
    'an invoice upload': [
      { name: 'file', filename: 'INV-1.xml', data: Buffer.from('<Invoice>ä</Invoice>\n') },
      { name: 'uuid', value: '3f0c2c9e-8d7a-4b1e-9a61-0d2f5c1b7e42' },
      { name: 'tags[]', value: 'a' },
      { name: 'tags[]', value: 'b' },
    ],
    'quotes, line breaks and non-ASCII in names and values': [
      { name: 'file', filename: 'say "hi"\r\nx-evil: 1 åäö.xml', data: bytes },
      { name: 'na"me\nx', value: 'line one\nline two\rline three\r\nend' },
      { name: 'files[0][file]', filename: 'scan.pdf', data: bytes.subarray(7), type: 'application/pdf' },
      { name: 'empty', value: '' },
    ],
    'an empty file': [{ name: 'file', filename: 'e.xml', data: Buffer.alloc(0) }],
  };
  for (const [what, parts] of Object.entries(cases)) {
    it(what, async () => {
      const ours = multipart(parts);
      const boundary = /boundary=(.+)$/.exec(ours.contentType)?.[1] ?? '';
      expect(ours.contentType).toBe(`multipart/form-data; boundary=${boundary}`);
      const theirs = await undiciBytes(parts);
      expect(ours.body.toString('latin1').replaceAll(boundary, 'B')).toBe(theirs.body.replaceAll(theirs.boundary, 'B'));
    });
  }

  it('reads back as the same fields', async () => {
    const parts: Part[] = [
      { name: 'file', filename: 'INV 1 ö.xml', data: bytes },
      { name: 'uuid', value: 'u-1' },
    ];
    const m = multipart(parts);
    const form = await new Response(m.body, { headers: { 'content-type': m.contentType } }).formData();
    const file = form.get('file');
    if (file === null || typeof file === 'string') throw new Error('no file part');
    expect(file.name).toBe('INV 1 ö.xml');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(form.get('uuid')).toBe('u-1');
  });

  it('picks a new boundary each time', () => {
    expect(multipart([]).contentType).not.toBe(multipart([]).contentType);
  });
});
