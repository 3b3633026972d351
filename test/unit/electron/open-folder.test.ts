import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDecision, openFolderSafely } from '../../../main/electron/open-file';

describe('"open" never starts a program (issue 39, item 10)', () => {
  let dir = '';
  const calls: string[] = [];
  const shell = {
    openPath: async (p: string) => {
      calls.push(`open ${p}`);
      return '';
    },
    showItemInFolder: (p: string) => void calls.push(`show ${p}`),
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-folder-'));
    for (const f of ['Inbox', 'Tool.app', 'Setup.PKG', 'Acme.com']) await mkdir(join(dir, f));
    await mkdir(join(dir, 'Tool.app', 'Contents', 'MacOS'), { recursive: true });
    await writeFile(join(dir, 'run.exe'), 'MZ');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('opens a plain folder, and shows a bundle, a program or a missing path in its parent instead', async () => {
    calls.length = 0;
    for (const f of ['Inbox', 'Tool.app', 'Setup.PKG', 'run.exe', 'gone']) expect(await openFolderSafely(shell, join(dir, f))).toBe(true);
    // A company called Acme.com keeps its folder: a folder is not run by its name on Windows.
    await openFolderSafely(shell, join(dir, 'Acme.com'));
    expect(calls.map((c) => c.replace(dir, '…'))).toEqual([
      'open …/Inbox',
      'show …/Tool.app',
      'show …/Setup.PKG',
      'show …/run.exe',
      'show …/gone',
      'open …/Acme.com',
    ]);
  });

  it('never opens a blocked file, whatever it was', () => {
    expect(openDecision('/in/invoice.exe.blocked')).toBe('reveal');
    expect(openDecision('/in/invoice.pdf')).toBe('open');
  });
});
