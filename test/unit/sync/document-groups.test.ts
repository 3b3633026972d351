import { describe, expect, it } from 'vitest';
import { baseOf, companionOf, groupDocuments } from '../../../main/core/sync/document-groups';
import type { ScannedFile } from '../../../main/core/sync/scan';

const file = (name: string, subdir = '', folder = 'Outbox/Documents/ORDER'): ScannedFile => ({
  relPath: `${folder}/${subdir ? `${subdir}/` : ''}${name}`,
  folder,
  subdir,
  name,
  kind: 'document',
  documentType: 'ORDER',
  size: 1,
  mtimeMs: 1,
  dev: 1,
  ino: 1,
});

describe('the naming rule for a document and the files beside it', () => {
  it('reads a companion name: its role and the document base it belongs to', () => {
    expect(companionOf('ORDER-1001.attachment-drawing.pdf')).toEqual({ base: 'ORDER-1001', role: 'attachment' });
    expect(companionOf('ORDER-1001.ATTACHMENT-x')).toEqual({ base: 'ORDER-1001', role: 'attachment' });
    expect(companionOf('ORDER-1001.references.txt')).toEqual({ base: 'ORDER-1001', role: 'references' });
    expect(companionOf('ORDER-1001.xml')).toBeNull();
    expect(companionOf('.attachment-x')).toBeNull();
    expect(baseOf('ORDER-1001.xml')).toBe('ORDER-1001');
    expect(baseOf('README')).toBe('README');
  });

  it('groups companions with the one document of their base in the same folder; the rest are orphans with a reason', () => {
    const g = groupDocuments([
      file('ORDER-1.xml'),
      file('ORDER-1.attachment-a.pdf'),
      file('order-1.references.txt'),
      file('ORDER-2.attachment-a.pdf'),
      file('ORDER-3.xml'),
      file('ORDER-3.pdf'),
      file('ORDER-3.attachment-x.txt'),
      file('ORDER-1.attachment-b.pdf', 'sub'),
    ]);
    expect(g.companions.get('Outbox/Documents/ORDER/ORDER-1.xml')?.map((f) => f.name)).toEqual([
      'ORDER-1.attachment-a.pdf',
      'order-1.references.txt',
    ]);
    expect([...g.grouped].sort()).toEqual([
      'Outbox/Documents/ORDER/ORDER-1.attachment-a.pdf',
      'Outbox/Documents/ORDER/order-1.references.txt',
    ]);
    const orphans = new Map(g.orphans.map((o) => [o.file.relPath, o.reason]));
    expect(orphans.get('Outbox/Documents/ORDER/ORDER-2.attachment-a.pdf')).toMatch(/no such document is beside it/);
    expect(orphans.get('Outbox/Documents/ORDER/ORDER-3.attachment-x.txt')).toMatch(
      /2 files of that name are beside it \(ORDER-3.xml, ORDER-3.pdf\)/,
    );
    // Another folder is another place: the subfolder's attachment has no document beside it.
    expect(orphans.get('Outbox/Documents/ORDER/sub/ORDER-1.attachment-b.pdf')).toMatch(/no such document/);
  });
});
