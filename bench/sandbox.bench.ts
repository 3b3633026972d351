import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { adminCompany, fmt, spawnSandbox, tokenFor } from './support';

// npm run bench:sandbox: requests per second of the sandbox for invoice list pages and 50 KB uploads.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FIXTURE = new URL('../../shared/fixtures/invoices/peppol-bis3/base-example.xml', import.meta.url);

async function run(title: string, opts: autocannon.Options) {
  const r = await autocannon({ duration: SECONDS, connections: 16, pipelining: 1, ...opts });
  const line = `${title.padEnd(44)} ${fmt(r.requests.average).padStart(8)} req/s  p50 ${fmt(r.latency.p50)} ms  p99 ${fmt(r.latency.p99)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;
  process.stdout.write(`${line}\n`);
  return r;
}

const sb = await spawnSandbox();
try {
  const company = await adminCompany(sb.url);
  const token = await tokenFor(sb.url, company);
  const xml = await readFile(FIXTURE);
  // 1,000 received invoices so that list pages have something to page through.
  for (let i = 0; i < 1000; i++) {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(xml)], { type: 'application/xml' }), `r${i}.xml`);
    await fetch(`${sb.url}/__sandbox/companies/${company.company_id}/received-invoices`, { method: 'POST', body: fd });
  }
  const auth = { authorization: `Bearer ${token}` };
  process.stdout.write(`sandbox benchmark: ${SECONDS} s per run, 16 connections, 1,000 invoices mirrored\n`);
  await run('GET /v1/invoices (default page)', { url: `${sb.url}/v1/invoices`, headers: auth });
  await run('GET /v1/invoices?per_page=100&page=3', { url: `${sb.url}/v1/invoices?per_page=100&page=3`, headers: auth });

  // A 50 KB invoice: the fixture padded with a comment; each upload creates an invoice (no uuid).
  const padded = xml
    .toString('utf8')
    .replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>Snippet1</cbc:ID><!-- ${'p'.repeat(50 * 1024 - xml.length)} -->`);
  const boundary = 'benchboundary7MA4YWxkTrZu0gW';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    Buffer.from(padded),
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="prevent_routing"\r\n\r\ntrue\r\n--${boundary}--\r\n`),
  ]);
  process.stdout.write(`upload body: ${fmt(body.length / 1024, 1)} KB\n`);
  await run('POST /v1/invoices (50 KB multipart)', {
    url: `${sb.url}/v1/invoices`,
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
} finally {
  await sb.stop();
}
