import { describe, expect, it } from 'vitest';
import { BLOCKED_SUFFIX, receivedFileName, runsCode, sanitizeFileName } from '../../../shared/filenames';
import { senderFolderName } from '../../../shared/inbox-layout';
import { hasInvisible, httpsLinkOrNull, revealInvisible, stripInvisible } from '../../../shared/untrusted-text';

/** Every character the issue names, and a tag character (they can hide a whole word). */
const HIDDEN = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c],
  ...[0x200b, 0x200c, 0x200d, 0xfeff, 0x2060, 0xe0041],
].map((c) => String.fromCodePoint(c));

describe('names from strangers', () => {
  it('drops every bidirectional and zero-width control from file names', () => {
    for (const c of HIDDEN) expect(sanitizeFileName(`invoice${c}fdp.exe`)).toBe('invoicefdp.exe');
    // The right-to-left override that shows `invoiceexe.pdf` saves as what it is, and is blocked.
    expect(receivedFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe.blocked');
  });

  it('drops them from sender folders, whose name alone cannot then pose as another', () => {
    expect(senderFolderName('Acme\u200b Oy')).toBe('Acme Oy');
    expect(senderFolderName('\u202eyO emcA')).toBe('yO emcA');
    expect(senderFolderName('\u200b\u200d\ufeff')).toBe(senderFolderName(null));
  });

  it.each([
    ['x.exe', 'x.exe.blocked'],
    ['Lasku.PDF.Exe', 'Lasku.PDF.Exe.blocked'],
    ['run.exe. . ', 'run.exe.blocked'],
    ['script.ps1', 'script.ps1.blocked'],
    ['page.html', 'page.html.blocked'],
    ['drawing.svg', 'drawing.svg.blocked'],
    ['disk.iso', 'disk.iso.blocked'],
    ['Tool.app', 'Tool.app.blocked'],
    ['open.command', 'open.command.blocked'],
    ['macro.xlsm', 'macro.xlsm.blocked'],
    ['link.appref-ms', 'link.appref-ms.blocked'],
    ['nul.exe', '_nul.exe.blocked'],
    ['invoice.pdf', 'invoice.pdf'],
    ['invoice.xml', 'invoice.xml'],
    ['photo.jpg', 'photo.jpg'],
    ['bundle.zip', 'bundle.zip'],
    ['README', 'README'],
  ])('%j is saved as %j', (raw, want) => {
    expect(receivedFileName(raw)).toBe(want);
  });

  it('keeps the suffix when a long name is cut, and a second cleaning changes nothing', () => {
    const name = receivedFileName(`${'ä'.repeat(300)}.exe`);
    expect(name.endsWith(BLOCKED_SUFFIX)).toBe(true);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(200);
    expect(sanitizeFileName(name)).toBe(name);
    expect(receivedFileName('x.exe.blocked')).toBe('x.exe.blocked');
    expect(runsCode('x.exe.blocked')).toBe(false);
  });

  it('shows hidden controls as visible markers, and leaves plain text alone', () => {
    expect(revealInvisible('invoice\u202efdp.exe')).toBe('invoice⟦U+202E⟧fdp.exe');
    expect(revealInvisible('Acme\u200bOy')).toBe('Acme⟦U+200B⟧Oy');
    expect(revealInvisible('Järvenpää Oy')).toBe('Järvenpää Oy');
    expect(revealInvisible(null)).toBe(null);
    for (const c of HIDDEN) {
      expect(hasInvisible(`a${c}b`)).toBe(true);
      expect(hasInvisible(revealInvisible(`a${c}b`))).toBe(false);
      expect(stripInvisible(`a${c}b`)).toBe('ab');
    }
  });

  it('lets only https links through', () => {
    expect(httpsLinkOrNull('https://agency.example/case/1')).toBe('https://agency.example/case/1');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'http://agency.example/',
      'file:///etc/passwd',
      'data:text/html,x',
      '//x',
      'nonsense',
      '',
      null,
    ]) {
      expect(httpsLinkOrNull(bad)).toBe(null);
    }
  });
});

describe('sender folders that macOS would open as a program', () => {
  it.each([
    ['Tool.app', 'Tool_app'],
    ['Setup.PKG', 'Setup_PKG'],
    ['Acme Oy', 'Acme Oy'],
    ['Example.com', 'Example.com'],
  ])('%j -> %j', (sender, folder) => {
    expect(senderFolderName(sender)).toBe(folder);
  });
});
