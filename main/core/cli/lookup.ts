import type { Command } from 'commander';
import { LOOKUP_NETWORKS } from '../../../shared/enums';
import type { Api } from '../api';
import { MAX_LOOKUP_IDS } from '../api/lookups';
import { type GlobalOptions, UsageError, withAccountApi } from './context';

interface LookupOptions {
  account?: string;
  json?: boolean;
}

const collect = (v: string, all: string[] = []) => [...all, v];

/** `lookup receivers|endpoints`: who receives e-invoices, and where, straight from the service. */
export function lookupCommands(program: Command, globals: () => GlobalOptions): void {
  const lookup = program.command('lookup').description('find receivers and e-invoice addresses in the networks');

  const withAccount = <T>(o: LookupOptions, run: (api: Api) => Promise<T>): Promise<T> => withAccountApi(globals(), o.account, run);

  lookup
    .command('receivers')
    .description('receivers by name, business id or e-invoice address, with the document types they accept')
    .option('--account <name>')
    .option('--name <text>', 'part of the receiver name')
    .option('--bid <id>', 'business id, such as 1234567-8')
    .option('--eia <address>', 'e-invoice address as scheme:identifier, such as 0192:123456789')
    .option('--network <network>', `${LOOKUP_NETWORKS.join(', ')}; repeat for several (default: all)`, collect)
    .option('--country <code>', '2-letter country code')
    .option('--json', 'print JSON')
    .action(async (o: LookupOptions & { name?: string; bid?: string; eia?: string; network?: string[]; country?: string }) => {
      if (!o.name && !o.bid && !o.eia) throw new UsageError('give --name, --bid or --eia');
      const networks = (o.network ?? [...LOOKUP_NETWORKS]).map((n) => n.toUpperCase());
      const bad = networks.filter((n) => !(LOOKUP_NETWORKS as readonly string[]).includes(n));
      if (bad.length) throw new UsageError(`--network is one of ${LOOKUP_NETWORKS.join(', ')}, not ${bad.join(', ')}`);
      if (o.eia && !/^\d{4}:[A-Za-z0-9._-]{1,60}$/.test(o.eia)) throw new UsageError('--eia is scheme:identifier, such as 0192:123456789');
      const { items } = await withAccount(o, (api) =>
        api.lookups.receivers({
          network: networks,
          name: o.name,
          bid: o.bid,
          eia: o.eia,
          country: o.country ? [o.country.toUpperCase()] : undefined,
          per_page: 100,
        }),
      );
      if (o.json) {
        process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
        return;
      }
      if (!items.length) process.stdout.write('No receivers found.\n');
      for (const r of items) {
        const types = (r.document_types ?? []).map((d) => d.document_type).join(', ') || '-';
        const p = r.participant;
        process.stdout.write(
          `${r.eia}\t${r.network}\t${r.operator ?? '-'}\t${p?.name ?? '-'}\t${p?.bid ?? '-'}\t${p?.country ?? '-'}\t${types}\n`,
        );
      }
    });

  lookup
    .command('endpoints <businessIds...>')
    .description(`e-invoice addresses and operators of at most ${MAX_LOOKUP_IDS} business ids`)
    .option('--account <name>')
    .option('--country <code>', '2-letter country code')
    .option('--invoices', 'only endpoints that receive invoices')
    .option('--json', 'print JSON')
    .action(async (ids: string[], o: LookupOptions & { country?: string; invoices?: boolean }) => {
      const unique = [...new Set(ids)];
      if (unique.length > MAX_LOOKUP_IDS) throw new UsageError(`at most ${MAX_LOOKUP_IDS} business ids per lookup, got ${unique.length}`);
      const found = await withAccount(o, (api) =>
        api.lookups.endpoints({ business_ids: unique, country: o.country?.toUpperCase(), sending: o.invoices ? ['invoice'] : undefined }),
      );
      if (o.json) {
        process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
        return;
      }
      for (const e of found) {
        process.stdout.write(`${e.business_id}\t${e.eia ?? '(no e-invoice address)'}\t${e.operator ?? '-'}\t${e.network ?? '-'}\n`);
      }
    });

  const party = /^[A-Za-z0-9:._-]{2,64}$/;
  const countryOf = (c: string | undefined, required: boolean) => {
    const v = c?.toUpperCase();
    if ((required || v !== undefined) && !/^[A-Z]{2}$/.test(v ?? ''))
      throw new UsageError('--country is a 2-letter country code, such as FI');
    return v;
  };
  lookup
    .command('sending-parties <identifiers...>')
    .description(`which of at most ${MAX_LOOKUP_IDS} identifiers are registered sending parties of the company`)
    .option('--account <name>')
    .option('--country <code>', '2-letter country code')
    .option('--json', 'print JSON')
    .action(async (ids: string[], o: LookupOptions & { country?: string }) => {
      const unique = [...new Set(ids)];
      if (unique.length > MAX_LOOKUP_IDS) throw new UsageError(`at most ${MAX_LOOKUP_IDS} identifiers per lookup, got ${unique.length}`);
      const bad = unique.filter((i) => !party.test(i));
      if (bad.length) throw new UsageError(`not an organisation number, VAT number or address: ${bad.join(', ')}`);
      const country = countryOf(o.country, false);
      const found = await withAccount(o, (api) => api.lookups.sendingParties({ identifiers: unique, ...(country ? { country } : {}) }));
      if (o.json) {
        process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
        return;
      }
      const known = new Set(found.map((p) => p.identifier));
      for (const id of unique) process.stdout.write(`${id}\t${known.has(id) ? 'registered' : 'not registered'}\n`);
    });
  lookup
    .command('register-sending-party <identifier>')
    .description('register an organisation number, VAT number or address as a sending party of the company')
    .requiredOption('--country <code>', '2-letter country code')
    .option('--account <name>')
    .action(async (identifier: string, o: LookupOptions & { country?: string }) => {
      if (!party.test(identifier)) throw new UsageError('give an organisation number, VAT number or electronic address');
      const country = countryOf(o.country, true) as string;
      await withAccount(o, (api) => api.lookups.registerSendingParty({ identifier, country }));
      process.stdout.write(`${identifier} (${country}) is registered as a sending party.\n`);
    });
}
