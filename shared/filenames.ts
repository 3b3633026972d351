// File-name rules shared by the engine and the UI. Names that come from the service (or from
// invoice content) are untrusted: they must make a legal name on Windows and macOS and must never
// name anything outside the folder they are written into. Invisible controls (untrusted-text.ts) are
// dropped from every name, and a received file of a type that runs code gets BLOCKED_SUFFIX.

import { stripInvisible } from './untrusted-text';

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// Control characters, the characters Windows forbids, and path separators of every platform.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
const ILLEGAL = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
/** Longest name in UTF-8 bytes: 255 is the limit of NTFS, APFS and ext4; leave room for " (99)". */
export const MAX_NAME_BYTES = 200;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

function truncateBytes(s: string, max: number): string {
  if (byteLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * A safe single path segment: invisible controls removed (a right-to-left override would make
 * `invoice\u202Efdp.exe` look like `invoiceexe.pdf`), NFC-normalised, illegal characters replaced, no leading dots or
 * trailing dots and spaces (Windows drops them), not a reserved device name, at most
 * MAX_NAME_BYTES bytes with the extension kept. Never empty, never '.' or '..'.
 */
export function sanitizeFileName(raw: string, fallback = 'file'): string {
  let name = stripInvisible(raw)
    .normalize('NFC')
    .replace(/[\t\n\r\v\f]+/g, ' ')
    .replace(ILLEGAL, '_')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (name === '' || /^_+$/.test(name)) name = fallback;
  // Windows drops trailing spaces and dots of the part before the extension too: `CON .txt` and `nul..xml` are devices.
  const base = name.split('.')[0]?.replace(/[\s.]+$/, '') ?? '';
  if (WINDOWS_RESERVED.test(name) || WINDOWS_RESERVED.test(base)) name = `_${name}`;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  const stem = ext ? name.slice(0, -ext.length) : name;
  const cut = truncateBytes(stem, MAX_NAME_BYTES - byteLength(ext)).replace(/[.\s]+$/, '');
  return (cut || fallback) + ext;
}

/**
 * What a received file of a type that runs code, or opens as a web page, is saved with after its own
 * name: `invoice.exe` becomes `invoice.exe.blocked`. The name still tells what it was, no system has a
 * program for `.blocked`, so a double-click asks instead of running it, and the app never opens it
 * (main/electron/open-file.ts opens document and image types only). A user who trusts the sender
 * renames it.
 */
export const BLOCKED_SUFFIX = '.blocked';

/**
 * Types that run code when opened, or open as a web page with script (the system's browser, from a
 * local file): programs and installers, scripts of every shell, shortcuts and links, disk images
 * (Windows opens an .iso or .vhd as a drive whose files lose the Mark-of-the-Web), macOS bundles and
 * scripts, Office files with macros, and HTML in all its forms. SVG is among them: it is a picture,
 * but its default program is a browser and it may carry script, and invoices do not come with SVG
 * images. XML is not: it is what an invoice is, and it opens as text.
 */
const RUNS_CODE = new Set(
  (
    'exe com scr pif cpl msi msp mst msc msix msixbundle appx appxbundle application appref-ms gadget dll ocx sys drv ' +
    'bat cmd ps1 ps1xml ps2 psm1 psd1 psc1 vb vbs vbe js jse mjs cjs wsf wsh ws wsc wsb sct hta inf reg scf lnk url ' +
    'website library-ms settingcontent-ms search-ms diagcab chm hlp jar jnlp class xbap xll xlam ppam docm dotm xlsm ' +
    'xltm xlsb pptm potm ppsm sldm iso img vhd vhdx dmg pkg mpkg app command tool terminal workflow action scpt ' +
    'applescript osax prefpane webloc inetloc fileloc sh bash zsh csh ksh fish py pyw pyc pl rb php desktop appimage ' +
    'deb rpm run html htm xhtml xht shtml mht mhtml svg svgz'
  ).split(' '),
);

/** Whether a file of this name runs code or opens as a web page when opened (by its last extension). */
export function runsCode(name: string): boolean {
  const clean = name.replace(/[.\s]+$/, '');
  const dot = clean.lastIndexOf('.');
  return dot >= 0 && RUNS_CODE.has(clean.slice(dot + 1).toLowerCase());
}

/**
 * Folder names macOS treats as a bundle (an application, an installer, a plug-in): opening such a
 * folder runs or installs what is in it instead of showing it.
 */
const BUNDLES = new Set(
  'app appex pkg mpkg bundle framework plugin prefpane kext xpc saver qlgenerator mdimporter workflow action wdgt scptd'.split(' '),
);

/** Whether a folder of this name would open as a macOS bundle. */
export function isBundleName(name: string): boolean {
  const clean = name.replace(/[.\s]+$/, '');
  const dot = clean.lastIndexOf('.');
  return dot >= 0 && BUNDLES.has(clean.slice(dot + 1).toLowerCase());
}

/**
 * The name a file from the service (an attachment, a document's file) is saved under: the safe
 * segment of sanitizeFileName, with BLOCKED_SUFFIX when its type runs code.
 */
export function receivedFileName(raw: string, fallback = 'file'): string {
  const name = sanitizeFileName(raw, fallback);
  return runsCode(name) ? sanitizeFileName(`${name}${BLOCKED_SUFFIX}`, fallback) : name;
}

/** `name (2).ext`, `name (3).ext`...: the n-th alternative when a name is taken. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** File extension for a MIME type, for files whose name the service did not give. */
export function extensionFor(contentType: string | null | undefined, fallback = '.bin'): string {
  const ct = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (ct === 'application/pdf') return '.pdf';
  if (ct.endsWith('/xml') || ct.endsWith('+xml')) return '.xml';
  if (ct === 'application/json') return '.json';
  if (ct === 'application/zip') return '.zip';
  if (ct === 'image/png') return '.png';
  if (ct === 'image/jpeg') return '.jpg';
  if (ct.startsWith('text/')) return '.txt';
  return fallback;
}

/**
 * A readable name for a received item: `2026-03-01 Sender Oy 12345.xml`. Parts that are missing are
 * left out; the id keeps two invoices with the same number from the same sender apart when asked.
 */
export function readableName(
  parts: { date?: string | null; party?: string | null; number?: string | null; id?: string | null },
  ext: string,
): string {
  const date = parts.date ? parts.date.slice(0, 10) : '';
  const words = [date, parts.party ?? '', parts.number ?? '', parts.id ?? ''].map((p) => p.trim()).filter(Boolean);
  const e = ext.startsWith('.') ? ext : `.${ext}`;
  return sanitizeFileName(`${words.join(' ') || 'item'}${e}`);
}
