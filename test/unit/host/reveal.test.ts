import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Opener, openerFor, reveal, revealTarget, runOpener } from '../../../main/core/host/reveal';
import { tempDir } from '../../support/temp';

function layout() {
  const base = tempDir('reveal-');
  const root = join(base, 'Acme');
  const outside = join(base, 'elsewhere');
  mkdirSync(join(root, 'Inbox/Invoices'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'Inbox/Invoices/a.pdf'), '%PDF');
  writeFileSync(join(outside, 'secret.txt'), 'x');
  return { base, root, outside };
}

describe('revealTarget: only what lies in an account root, as the disk resolves it', () => {
  it('takes a file and the root itself, and says which is a folder', async () => {
    const { root } = layout();
    expect(await revealTarget(join(root, 'Inbox/Invoices/a.pdf'), [root])).toMatchObject({ ok: true, isFolder: false });
    expect(await revealTarget(root, [root])).toMatchObject({ ok: true, isFolder: true });
  });

  it('refuses a path outside every root, a relative one and one not there', async () => {
    const { root, outside } = layout();
    expect(await revealTarget(join(outside, 'secret.txt'), [root])).toEqual({ ok: false, why: 'outside_roots' });
    expect(await revealTarget(join(root, '../elsewhere/secret.txt'), [root])).toEqual({ ok: false, why: 'outside_roots' });
    expect(await revealTarget('Inbox/Invoices/a.pdf', [root])).toEqual({ ok: false, why: 'not_absolute' });
    expect(await revealTarget(join(root, 'gone.pdf'), [root])).toEqual({ ok: false, why: 'missing' });
  });

  it('refuses a link inside the root that leads out of it', async () => {
    const { root, outside } = layout();
    symlinkSync(outside, join(root, 'Inbox/escape'));
    expect(await revealTarget(join(root, 'Inbox/escape/secret.txt'), [root])).toEqual({ ok: false, why: 'outside_roots' });
    expect(await revealTarget(join(root, 'Inbox/escape'), [root])).toEqual({ ok: false, why: 'outside_roots' });
  });

  it('refuses a macOS application bundle anywhere along the path, which `open` would start', async () => {
    const { root } = layout();
    mkdirSync(join(root, 'Inbox/Evil.app/Contents'), { recursive: true });
    writeFileSync(join(root, 'Inbox/Evil.app/Contents/Info.plist'), '<plist/>');
    expect(await revealTarget(join(root, 'Inbox/Evil.app'), [root])).toEqual({ ok: false, why: 'bundle' });
    expect(await revealTarget(join(root, 'Inbox/Evil.app/Contents/Info.plist'), [root])).toEqual({ ok: false, why: 'bundle' });
  });
});

describe('openerFor: the file manager, never the file', () => {
  const file = { path: '/r/Inbox/a.pdf', isFolder: false };
  it('selects a file in Finder and Explorer, and opens its folder on Linux', () => {
    expect(openerFor(file, 'darwin', {})).toEqual({ command: 'open', args: ['-R', '/r/Inbox/a.pdf'] });
    expect(openerFor(file, 'win32', {})).toEqual({ command: 'explorer.exe', args: ['/select,/r/Inbox/a.pdf'] });
    expect(openerFor(file, 'linux', { DISPLAY: ':0' })).toEqual({ command: 'xdg-open', args: ['/r/Inbox'] });
  });
  it('has none on a Linux machine without a display', () => {
    expect(openerFor(file, 'linux', {})).toBeNull();
  });
});

describe('reveal', () => {
  it('runs the stand-in opener with the folder as one argument, a name with shell characters only a name', async () => {
    const { base, root } = layout();
    const odd = join(root, "Inbox/it's; rm -rf $HOME");
    mkdirSync(odd);
    writeFileSync(join(odd, 'b.pdf'), '%PDF');
    const record = join(base, 'args.txt');
    const stub = join(base, 'opener.sh');
    writeFileSync(stub, `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\n`);
    chmodSync(stub, 0o755);
    expect(await reveal(join(odd, 'b.pdf'), [root], { platform: 'linux', env: { EINVOICE_REVEAL_COMMAND: stub } })).toBe(true);
    expect(readFileSync(record, 'utf8')).toBe(`${odd}\n`);
  });

  it('asks nobody for a path it refuses, and answers false where there is no display', async () => {
    const { root, outside } = layout();
    const asked: Opener[] = [];
    const run = async (o: Opener) => asked.push(o) > 0;
    expect(await reveal(join(outside, 'secret.txt'), [root], { platform: 'linux', env: { DISPLAY: ':0' }, run })).toBe(false);
    expect(await reveal(join(root, 'Inbox/Invoices/a.pdf'), [root], { platform: 'linux', env: {}, run })).toBe(false);
    expect(asked).toEqual([]);
  });

  it('answers false when the file manager is missing', async () => {
    expect(await runOpener({ command: '/nonexistent/xdg-open', args: ['/tmp'] })).toBe(false);
  });
});
