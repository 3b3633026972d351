import { describe, expect, it } from 'vitest';
import { type EngineChild, EngineProcess, type HostHandlers } from '../../../main/electron/engine-process';
import type { Wire } from '../../../main/electron/engine-protocol';
import { recordingLogger } from '../../support/log';

/** A child whose wire the test speaks for the engine process: what it posts to main, and what main answers. */
function fakeChild() {
  const toMain: ((m: unknown) => void)[] = [];
  const answers: unknown[] = [];
  const wire: Wire = {
    post: (m) => answers.push(m),
    onMessage: (fn) => {
      toMain.push(fn);
      return () => toMain.splice(toMain.indexOf(fn), 1);
    },
    close: () => undefined,
  };
  const child: EngineChild = { wire, onExit: () => undefined, kill: () => undefined };
  return {
    child,
    answers,
    send: (m: unknown) => {
      for (const fn of toMain) fn(m);
    },
  };
}

const base: HostHandlers = {
  'secrets.check': () => null,
  'secrets.get': async () => null,
  'secrets.set': async () => undefined,
  'secrets.delete': async () => undefined,
  'settings.read': async () => ({
    language: 'en',
    languageChosen: true,
    theme: 'system',
    notifications: true,
    startAtLogin: false,
    lastAccountId: null,
  }),
  'settings.write': async () => ({
    language: 'en',
    languageChosen: true,
    theme: 'system',
    notifications: true,
    startAtLogin: false,
    lastAccountId: null,
  }),
  'files.open': async () => true,
};

async function started(host: HostHandlers) {
  const f = fakeChild();
  const p = new EngineProcess({
    spawn: () => f.child,
    init: {
      dataDir: '/d',
      logsDir: '/l',
      version: '1',
      logLevel: 'info',
      capabilities: { openFiles: true, startAtLogin: false, notifications: false },
    },
    host,
    onEvent: () => undefined,
    log: recordingLogger(),
  });
  const ready = p.start();
  f.send({ t: 'ready', embeddedSandboxUrl: null });
  await ready;
  return f;
}

const reply = async (f: ReturnType<typeof fakeChild>, id: number) => {
  for (let i = 0; i < 50 && !f.answers.some((a) => (a as { id?: number }).id === id); i++) await new Promise((r) => setTimeout(r, 1));
  return f.answers.find((a) => (a as { id?: number }).id === id);
};

describe('main answers the engine process’s folder requests', () => {
  it('shows a file and opens a folder with the shell (the bridge checked both paths first)', async () => {
    const shown: string[] = [];
    const f = await started({
      ...base,
      'files.showInFolder': async (p) => {
        shown.push(`show ${p}`);
        return true;
      },
      'files.openFolder': async (p) => {
        shown.push(`open ${p}`);
        return true;
      },
    });
    f.send({ t: 'call', id: 1, op: 'files.showInFolder', args: ['/root/Inbox/Invoices/a.pdf'] });
    f.send({ t: 'call', id: 2, op: 'files.openFolder', args: ['/root/Sent'] });
    expect(await reply(f, 1)).toEqual({ t: 'reply', id: 1, ok: true, value: true });
    expect(await reply(f, 2)).toEqual({ t: 'reply', id: 2, ok: true, value: true });
    expect(shown).toEqual(['show /root/Inbox/Invoices/a.pdf', 'open /root/Sent']);
  });

  it('answers false where main has no file manager to offer', async () => {
    const f = await started(base);
    f.send({ t: 'call', id: 7, op: 'files.showInFolder', args: ['/x'] });
    expect(await reply(f, 7)).toEqual({ t: 'reply', id: 7, ok: true, value: false });
  });

  it("asks the system's folder dialog for a new account's root: the folder chosen, or null when cancelled", async () => {
    const asked: (string | undefined)[] = [];
    let chosen: string | null = '/home/me/E-Invoices/Asiakas Oy';
    const f = await started({
      ...base,
      'folders.choose': async (defaultPath) => {
        asked.push(defaultPath);
        return chosen;
      },
    });
    f.send({ t: 'call', id: 3, op: 'folders.choose', args: ['/home/me/E-Invoices/Asiakas'] });
    expect(await reply(f, 3)).toEqual({ t: 'reply', id: 3, ok: true, value: '/home/me/E-Invoices/Asiakas Oy' });
    chosen = null;
    f.send({ t: 'call', id: 4, op: 'folders.choose', args: [] });
    expect(await reply(f, 4)).toEqual({ t: 'reply', id: 4, ok: true, value: null });
    expect(asked).toEqual(['/home/me/E-Invoices/Asiakas', undefined]);
    const without = await started(base);
    without.send({ t: 'call', id: 5, op: 'folders.choose', args: [] });
    expect(await reply(without, 5)).toEqual({ t: 'reply', id: 5, ok: true, value: null });
  });
});
