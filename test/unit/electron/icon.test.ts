import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconPng } from '../../../main/electron/icon';
import { openDecision, openFileSafely } from '../../../main/electron/open-file';

function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + len) });
    at += 12 + len;
  }
  const ihdr = chunks[0]?.data as Buffer;
  const width = ihdr.readUInt32BE(0);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const alpha = (x: number, y: number) => raw[y * (width * 4 + 1) + 1 + x * 4 + 3];
  return { types: chunks.map((c) => c.type), width, height: ihdr.readUInt32BE(4), raw, alpha };
}

describe('icon', () => {
  it('is a well-formed RGBA PNG of the asked size, opaque in the middle and clear in the corner', () => {
    const img = decode(iconPng(64));
    expect(img.types).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([img.width, img.height]).toEqual([64, 64]);
    expect(img.raw.length).toBe((64 * 4 + 1) * 64);
    expect(img.alpha(32, 32)).toBe(255);
    expect(img.alpha(0, 0)).toBe(0);
  });

  it('has a template variant for the macOS menu bar: black with alpha only', () => {
    const img = decode(iconPng(32, { template: true }));
    const rgb = new Set<number>();
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 32; x++) for (let c = 0; c < 3; c++) rgb.add(img.raw[y * 129 + 1 + x * 4 + c] as number);
    expect([...rgb]).toEqual([0]);
  });
});

describe('opening received files', () => {
  it('opens documents and images, and only shows anything else in its folder', async () => {
    expect(openDecision('/in/Invoice 1.PDF')).toBe('open');
    expect(openDecision('/in/a.xml')).toBe('open');
    for (const p of ['/in/setup.exe', '/in/run.bat', '/in/x.js', '/in/page.html', '/in/a.app', '/in/noext', '/in/a.pdf.lnk']) {
      expect(openDecision(p), p).toBe('reveal');
    }
    const calls: string[] = [];
    const shell = {
      openPath: async (p: string) => {
        calls.push(`open ${p}`);
        return p.includes('broken') ? 'No application' : '';
      },
      showItemInFolder: (p: string) => calls.push(`show ${p}`),
    };
    expect(await openFileSafely(shell, '/in/a.pdf')).toBe(true);
    expect(await openFileSafely(shell, '/in/broken.pdf')).toBe(false);
    expect(await openFileSafely(shell, '/in/evil.exe')).toBe(true);
    expect(calls).toEqual(['open /in/a.pdf', 'open /in/broken.pdf', 'show /in/evil.exe']);
  });
});
