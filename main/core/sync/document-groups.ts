import type { ScannedFile } from './scan';

/**
 * The naming rule that puts files beside a trading document into its upload, one an accountant can
 * follow without tools. In the same folder as `ORDER-1001.xml` (the document: any name, its last
 * extension dropped gives its base `ORDER-1001`):
 * - `ORDER-1001.attachment-<anything>` is one of its attachments (files[n], file_type ATTACHMENT),
 *   such as `ORDER-1001.attachment-drawing.pdf`;
 * - `ORDER-1001.references.txt` lists its references (references[n]), one per line: the reference id,
 *   or the id, a semicolon and its type (`4500012345;PurchaseOrder`); empty lines and lines starting
 *   with `#` are skipped.
 * Letter case does not matter in `.attachment-` and `.references.txt`.
 */
const ATTACHMENT = /^(.+)\.attachment-[^/]+$/i;
const REFERENCES = /^(.+)\.references\.txt$/i;

export type CompanionRole = 'attachment' | 'references';

/** A companion's role and the base name of the document it belongs to, or null for any other name. */
export function companionOf(name: string): { base: string; role: CompanionRole } | null {
  const refs = REFERENCES.exec(name);
  if (refs?.[1]) return { base: refs[1], role: 'references' };
  const att = ATTACHMENT.exec(name);
  if (att?.[1]) return { base: att[1], role: 'attachment' };
  return null;
}

/** A document's base: its name without the last extension. */
export const baseOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

export interface DocumentGroups {
  /** Each document's companions, by the document's path. */
  companions: Map<string, ScannedFile[]>;
  /** Paths of every companion that has its document. */
  grouped: Set<string>;
  /** Companions without exactly one document of their base beside them, with why. */
  orphans: { file: ScannedFile; reason: string }[];
}

/** Groups the listed trading documents with their companions. Pure: the listing in, the groups out. */
export function groupDocuments(scan: readonly ScannedFile[]): DocumentGroups {
  const out: DocumentGroups = { companions: new Map(), grouped: new Set(), orphans: [] };
  const docs = scan.filter((f) => f.kind === 'document');
  const dirOf = (f: ScannedFile) => `${f.folder}/${f.subdir}`;
  const mains = new Map<string, ScannedFile[]>();
  for (const f of docs) {
    if (companionOf(f.name)) continue;
    const key = `${dirOf(f)}\n${baseOf(f.name).toLowerCase()}`;
    mains.set(key, [...(mains.get(key) ?? []), f]);
  }
  for (const f of docs) {
    const c = companionOf(f.name);
    if (!c) continue;
    const owners = mains.get(`${dirOf(f)}\n${c.base.toLowerCase()}`) ?? [];
    const owner = owners[0];
    if (owners.length === 1 && owner) {
      out.companions.set(owner.relPath, [...(out.companions.get(owner.relPath) ?? []), f]);
      out.grouped.add(f.relPath);
    } else {
      const what = c.role === 'references' ? 'a reference list' : 'an attachment';
      out.orphans.push({
        file: f,
        reason:
          owners.length === 0
            ? `By its name it is ${what} of a document named "${c.base}" (such as ${c.base}.xml), but no such document is beside it in this folder. Put the document into the same folder, or rename this file; it was not sent.`
            : `By its name it is ${what} of the document "${c.base}", but ${owners.length} files of that name are beside it (${owners.map((o) => o.name).join(', ')}), so it cannot tell which one. Give the documents different names; it was not sent.`,
      });
    }
  }
  return out;
}
