import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AttributeProbe, FILE_ATTRIBUTE, runDoctor } from '../../../main/core/sync/doctor';
import { cloudFolderOf, isOnlineOnly, statProbe } from '../../../main/core/sync/doctor/cloud';
import { networkShareOf, parseMounts } from '../../../main/core/sync/doctor/network';
import { lockReasonOf, lockRetryDelay } from '../../../main/core/sync/pending-files';
import type { DoctorCode, DoctorReport } from '../../../shared/doctor';
import { tempDir } from '../../support/temp';

const NO_NETWORK = { platform: 'linux' as const, mounts: null, netUse: null };
const codes = (r: DoctorReport) => r.findings.map((f) => f.code);
const finding = <C extends DoctorCode>(r: DoctorReport, code: C) =>
  r.findings.find((f) => f.code === code) as Extract<DoctorReport['findings'][number], { code: C }>;

function doctor(root: string, more: Partial<Parameters<typeof runDoctor>[0]> = {}) {
  return runDoctor({ accountId: 'a', root, inboxLayout: 'flat', scanIntervalMs: 30_000, env: {}, listings: NO_NETWORK, ...more });
}

const write = (root: string, rel: string, body = '<Invoice/>') => {
  const p = join(root, ...rel.split('/'));
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, body);
};

describe('the sync doctor', () => {
  it('finds nothing in a short, plain folder', async () => {
    const root = tempDir('doc-');
    write(root, 'Outbox/Invoices/INV-1.xml');
    const r = await doctor(root);
    expect(r.findings).toEqual([]);
    expect(r.looked).toBeGreaterThan(0);
  });

  it('names that differ only in case, per folder', async () => {
    const root = tempDir('doc-');
    write(root, 'Outbox/Invoices/Invoice-7.xml');
    write(root, 'Outbox/Invoices/INVOICE-7.xml');
    write(root, 'Inbox/Invoices/a.pdf');
    write(root, 'Sent/A.pdf'); // another folder than a.pdf: no collision
    const r = await doctor(root);
    const c = r.findings.filter((f) => f.code === 'case-collision');
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ folder: 'Outbox/Invoices', names: ['INVOICE-7.xml', 'Invoice-7.xml'], severity: 'warn' });
    expect(c[0]?.message).toContain('differ only in case');
  });

  it('paths that would pass 260 characters, where the files are and where the app moves them', async () => {
    const root = tempDir('doc-');
    // 259 characters where it is, 260 once refused: Failed/<sub>/a.xml.error.txt.
    const sub = 'y'.repeat(259 - root.length - '/Outbox/Invoices/'.length - '/a.xml'.length);
    write(root, `Outbox/Invoices/${sub}/a.xml`);
    write(root, `Inbox/Invoices/${'z'.repeat(Math.max(1, 262 - root.length - 'Inbox/Invoices/'.length))}.xml`);
    const r = await doctor(root);
    const long = finding(r, 'long-paths');
    expect(long.count).toBe(2);
    expect(long.examples.map((e) => e.path.split('/')[0]).sort()).toEqual(['Failed', 'Inbox']);
    expect(long.examples.find((e) => e.path.startsWith('Failed/'))?.length).toBe(260);
    expect(long.examples.every((e) => e.length >= 260)).toBe(true);
  });

  it('says how long received names may be when the root is deep', async () => {
    const shallow = await doctor(tempDir('doc-'));
    expect(codes(shallow)).not.toContain('long-names-room');
    const deep = join(tempDir('doc-'), 'x'.repeat(60), 'y'.repeat(60));
    mkdirSync(deep, { recursive: true });
    const r = await doctor(deep, { inboxLayout: 'sender' });
    const room = finding(r, 'long-names-room');
    expect(room.room).toBeLessThan(200);
    expect(room.longest).toBeGreaterThanOrEqual(260);
  });

  it('reads /proc/mounts: a root on NFS or CIFS is a network share, and the full scan is in force', async () => {
    const root = tempDir('doc-');
    const mounts = [
      '/dev/vda1 / ext4 rw,relatime 0 0',
      `//filer/acct ${root.replace(/ /g, '\\040')} cifs rw,vers=3.0 0 0`,
      'server:/export /mnt/nfs nfs4 rw 0 0',
    ].join('\n');
    const r = await doctor(root, { listings: { platform: 'linux', mounts, netUse: null } });
    expect(finding(r, 'network-share')).toMatchObject({ how: 'mount', share: '//filer/acct', fsType: 'cifs', scanSeconds: 30 });
    expect(finding(r, 'network-share').message).toContain('every 30 s');
    // The local disk is no share.
    expect(networkShareOf('/home/u/E-Invoices', { platform: 'linux', mounts, netUse: null })).toBeNull();
    expect(networkShareOf('/mnt/nfs/co', { platform: 'linux', mounts, netUse: null })).toMatchObject({ fsType: 'nfs4' });
  });

  it('knows UNC paths, mapped drives and macOS mounts', () => {
    const none = { platform: 'win32' as const, mounts: null, netUse: null };
    expect(networkShareOf('\\\\filer\\acct\\Company', none)).toMatchObject({ how: 'unc', share: '\\\\filer\\acct' });
    expect(networkShareOf('C:\\Users\\u\\E-Invoices', none)).toBeNull();
    const netUse = 'Status  Local  Remote  Network\r\n-----\r\nOK      Z:     \\\\filer\\acct   Microsoft Windows Network\r\n';
    expect(networkShareOf('z:\\Company', { ...none, netUse })).toMatchObject({ how: 'mapped', share: '\\\\filer\\acct' });
    const mac = parseMounts('/dev/disk3s1 on / (apfs, local)\n//u@filer/acct on /Volumes/acct (smbfs, nodev, nosuid)\n');
    expect(mac[1]).toEqual({ source: '//u@filer/acct', point: '/Volumes/acct', fsType: 'smbfs' });
    expect(
      networkShareOf('/Volumes/acct/Co', { platform: 'darwin', mounts: '//u@filer/acct on /Volumes/acct (smbfs, nodev)', netUse: null }),
    ).toMatchObject({
      how: 'mount',
    });
  });

  it('knows cloud-synced folders by their path', async () => {
    expect(cloudFolderOf('C:\\Users\\u\\OneDrive - Acme Oy\\Invoices')).toEqual({
      provider: 'OneDrive',
      path: 'C:\\Users\\u\\OneDrive - Acme Oy',
    });
    expect(cloudFolderOf('/Users/u/Library/CloudStorage/Dropbox-Acme/Invoices')?.provider).toBe('Dropbox');
    expect(cloudFolderOf('/Users/u/Library/CloudStorage/GoogleDrive-u@acme.fi/My Drive/x')?.provider).toBe('Google Drive');
    expect(cloudFolderOf('/Users/u/Library/Mobile Documents/com~apple~CloudDocs/Inv')?.provider).toBe('iCloud Drive');
    expect(cloudFolderOf('/home/u/Dropbox/Inv')?.provider).toBe('Dropbox');
    expect(cloudFolderOf('D:\\Work\\Inv', { OneDrive: 'd:\\work' })?.provider).toBe('OneDrive');
    expect(cloudFolderOf('/home/u/E-Invoices/Acme')).toBeNull();
    const root = join(tempDir('doc-'), 'Dropbox', 'Acme');
    mkdirSync(root, { recursive: true });
    expect(codes(await doctor(root))).toContain('cloud-folder');
  });

  it('online-only files, by the attribute probe', async () => {
    const root = tempDir('doc-');
    write(root, 'Outbox/Invoices/here.xml');
    write(root, 'Outbox/Invoices/cloud.xml');
    write(root, 'Inbox/Invoices/offline.pdf');
    // Windows' attributes as a host that can read them would answer.
    const probe: AttributeProbe = async (path) =>
      path.endsWith('cloud.xml')
        ? { attributes: FILE_ATTRIBUTE.RECALL_ON_DATA_ACCESS | FILE_ATTRIBUTE.REPARSE_POINT, cloudReparse: true }
        : path.endsWith('offline.pdf')
          ? { attributes: FILE_ATTRIBUTE.OFFLINE }
          : { attributes: 0x20 };
    const r = await doctor(root, { probe });
    expect(finding(r, 'online-only')).toMatchObject({ count: 2 });
    expect(finding(r, 'online-only').examples.sort()).toEqual(['Inbox/Invoices/offline.pdf', 'Outbox/Invoices/cloud.xml']);
    expect(isOnlineOnly({ attributes: FILE_ATTRIBUTE.REPARSE_POINT })).toBe(false);
    // The portable probe: bytes that take no blocks are elsewhere; a small file may take none of its own.
    expect(await statProbe('x', { size: 100_000, blocks: 0 })).toEqual({ attributes: FILE_ATTRIBUTE.RECALL_ON_DATA_ACCESS });
    expect(await statProbe('x', { size: 100, blocks: 0 })).toBeNull();
    expect(await statProbe('x', { size: 100_000, blocks: 200 })).toBeNull();
  });

  it('says which files are locked', async () => {
    const r = await doctor(tempDir('doc-'), { locked: ['Outbox/Invoices/busy.xml'] });
    expect(finding(r, 'locked')).toMatchObject({ count: 1, examples: ['Outbox/Invoices/busy.xml'] });
    expect(finding(r, 'locked').message).toContain('locked by another program');
  });
});

describe('a file the app cannot open', () => {
  it('is locked on Windows (EBUSY, EPERM, EACCES), locked by a lease elsewhere (EAGAIN), not readable for a denial', () => {
    for (const code of ['EBUSY', 'EPERM', 'EACCES']) expect(lockReasonOf(code, 'win32')).toBe('locked');
    expect(lockReasonOf('EBUSY', 'linux')).toBe('locked');
    expect(lockReasonOf('EAGAIN', 'linux')).toBe('locked');
    expect(lockReasonOf('EACCES', 'linux')).toBe('denied');
    expect(lockReasonOf('ENOENT', 'win32')).toBeNull();
    expect(lockReasonOf('ESWAPPED', 'linux')).toBeNull();
  });

  it('is tried again with a growing wait, at most a minute', () => {
    expect([1, 2, 3, 4].map((n) => lockRetryDelay(n, 2000))).toEqual([2000, 4000, 8000, 16000]);
    expect(lockRetryDelay(20, 2000)).toBe(60_000);
  });
});
