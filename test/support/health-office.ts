import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { Engine } from '../../main/core/engine';
import { encryptedSecretsFile } from '../../main/core/paths';
import { EncryptedSecretFile } from '../../main/core/secrets';
import { FIXTURES } from './engine';
import { form, type TestSandbox } from './sandbox';
import { keptTempDir } from './temp';

// An office of six companies, each in one of the states an account can be in but "Up to date": its
// service unreachable (Aalto, on a sandbox of its own that the test closes), its API key gone from the
// key store (Berg), an upload the service keeps refusing past its due time (Cedar), received files
// given up (Dahl), its folder vanished (Elm), and one that is fine (Fjord). Every account polls every
// 2 s, so "two poll intervals" pass in seconds. Set up through the engine in the test's process, then
// synced by a real `sync` or headless host on the same data folder.

export const POLL_S = 2;
export const OFFICE = ['Aalto Oy', 'Berg AB', 'Cedar Oy', 'Dahl AS', 'Elm Oy', 'Fjord Oy'] as const;
export type OfficeName = (typeof OFFICE)[number];

/** The received files' and the uploads' paths at the service (sandbox faults match them). */
const FILE_PATHS = '^/v1/invoices/[^/]+$';
const UPLOADS = '^/v1/invoices$';

export interface HealthOffice {
  data: string;
  roots: Record<OfficeName, string>;
  ids: Record<OfficeName, string>;
  /** After the first sync has seen every company answer: the unreachable service and the vanished folder. */
  breakAway(): Promise<void>;
  /** Elm's folder is back where it was (the share mounted again). */
  bringBack(): Promise<void>;
  /** Removes the folders it made. */
  remove(): Promise<void>;
}

/** The key store's passphrase of the test runs (vitest.config.ts): the engine here and the synced process share the file. */
const passphrase = async () => process.env.EINVOICE_SECRETS_PASSPHRASE ?? '';

export async function healthOffice(sb: TestSandbox, down: TestSandbox): Promise<HealthOffice> {
  const data = keptTempDir('einvoice-health-data-');
  const store = new EncryptedSecretFile(encryptedSecretsFile(data), passphrase);
  const engine = new Engine({ dataDir: data, secrets: store });
  const roots = {} as Record<OfficeName, string>;
  const ids = {} as Record<OfficeName, string>;
  const companies = {} as Record<OfficeName, { company_id: string }>;
  try {
    for (const name of OFFICE) {
      const on = name === 'Aalto Oy' ? down : sb;
      const company = await on.company({ name });
      companies[name] = company;
      roots[name] = keptTempDir(`einvoice-health-${name.split(' ')[0]?.toLowerCase()}-`);
      const a = await engine.addAccount({
        name,
        environment: 'sandbox',
        url: on.url,
        companyId: company.company_id,
        root: roots[name],
        apiKey: company.api_key,
        pollIntervalS: POLL_S,
      });
      ids[name] = a.id;
    }
  } finally {
    await engine.stop();
  }
  // Gone from the key store, as after a keychain reset or a data folder copied without its keys.
  await store.delete(ids['Berg AB']);

  // Dahl has received invoices whose files the service refuses for good (a 422 is its last word).
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
  const received = await sb.call(`/__sandbox/companies/${companies['Dahl AS'].company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: 'dahl-1.xml', data: xml.replace('<cbc:ID>Snippet1</cbc:ID>', '<cbc:ID>DAHL-1</cbc:ID>') }),
  });
  expect(received.status).toBe(201);
  // Cedar's upload meets a service that keeps failing on uploads only; its lists answer.
  const faults = await sb.call('/__sandbox/faults', {
    method: 'PUT',
    json: [
      { action: 'error', status: 422, method: 'GET', path: FILE_PATHS },
      { action: 'error', status: 503, method: 'POST', path: UPLOADS },
    ],
  });
  expect(faults.status).toBeLessThan(300);
  const outbox = join(roots['Cedar Oy'], 'Outbox', 'Invoices');
  await mkdir(outbox, { recursive: true });
  await writeFile(join(outbox, 'CEDAR-1.xml'), xml.replace('<cbc:ID>Snippet1</cbc:ID>', '<cbc:ID>CEDAR-1</cbc:ID>'));

  return {
    data,
    roots,
    ids,
    async breakAway() {
      await down.close();
      // The share unmounted: nothing at the folder's path.
      await rename(roots['Elm Oy'], `${roots['Elm Oy']}.away`);
    },
    async bringBack() {
      await rename(`${roots['Elm Oy']}.away`, roots['Elm Oy']);
    },
    async remove() {
      const { rm } = await import('node:fs/promises');
      for (const dir of [data, ...Object.values(roots), `${roots['Elm Oy']}.away`]) await rm(dir, { recursive: true, force: true });
    },
  };
}
