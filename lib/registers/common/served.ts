// What every collection-register operation shares: the published version of its register (or the 503
// problem naming the register when none was ever published), the bronnen entry of an answer with its
// peildatum and export address, and the short manifest reference in every answer's data.
import { z } from 'zod';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import type { BronEntry } from '@/lib/sources/bron';
import type { SourceDef } from '@/lib/sources/source';
import type { Manifest } from './manifest';
import { cachedManifest } from './manifest-cache';
import { amsterdamDag } from '@/lib/kalender';

/** The peildatum of a register version: the calendar day (Europe/Amsterdam) of its peilmoment, as the monitor and the spec name it. */
const peildatumSchema = z.iso.date().nullable().describe('Peildatum (JJJJ-MM-DD): de dag (Europe/Amsterdam) van het peilmoment');

/** The peildatum (a day) of a register version whose reference moment is `peilmoment`. */
export const peildatumVan = (peilmoment: string | null): string | null => (peilmoment ? amsterdamDag(peilmoment) : null);

/** Schema of the manifest reference in a register answer's data. */
export function manifestRefSchema(peilmomentDescription: string) {
  return z.object({
    peildatum: peildatumSchema,
    peilmoment: z.iso.datetime({ offset: true }).nullable().describe(peilmomentDescription),
    bron_url: z.string().nullable().describe('Adres van de officiële export'),
    attributie: z.string(),
    licentie: z.string(),
    voorbeelddata: z.boolean().describe('true: gegenereerde voorbeelddata, geen officiële export'),
  });
}

/** The manifest of a register's published version; a 503 problem naming the register when there is none. */
export async function publishedManifest(register: string, registerNaam: string): Promise<Manifest> {
  const m = await cachedManifest(getDb(), register);
  if (!m) {
    throw new Problem('import_unavailable', {
      detail: `Het ${registerNaam} is nog niet geïmporteerd; er is geen gepubliceerde versie.`,
    });
  }
  return m;
}

/** How generated sample data is named wherever it is served. */
export const VOORBEELD_LABEL = 'VOORBEELDDATA: gegenereerd door deze dienst, geen officiële export';

/** The bronnen entry of an answer from a register's imported data (sample data labelled as such; cache: from the version cache). */
export function registerBron(def: SourceDef, m: Manifest, startedAt: number, cache = false): BronEntry {
  return {
    bron: def.id,
    titel: m.voorbeeld ? `${def.titel} (${VOORBEELD_LABEL})` : def.titel,
    url: m.bron_url,
    licentie: def.licentie,
    attributie: def.attributie,
    status: 'ok',
    duur_ms: Math.round(performance.now() - startedAt),
    opgehaald_op: m.gepubliceerd_op,
    cache,
    foutsoort: null,
    opname: null,
    peildatum: peildatumVan(m.peildatum),
    bron_url: m.bron_url,
    voorbeelddata: m.voorbeeld,
  };
}

/** The short manifest reference put in every answer's data. */
export function manifestReference(def: SourceDef, m: Manifest) {
  return { peildatum: peildatumVan(m.peildatum), peilmoment: m.peildatum, bron_url: m.bron_url, attributie: def.attributie, licentie: def.licentie, voorbeelddata: m.voorbeeld };
}

const bestandSchema = z.object({
  rol: z.string(),
  naam: z.string(),
  bron_url: z.string().nullable(),
  sha256: z.string(),
  bytes: z.number().int(),
  versie: z.string().nullable().describe('Versie uit het bronbestand, waar het die noemt'),
}).meta({ id: 'RegisterBestand' });

const verversingSchema = z
  .object({
    status: z
      .enum(['ok', 'bezig', 'mislukt', 'geweigerd'])
      .describe('geweigerd: het laatst aangeboden bestand is niet gepubliceerd (zie laatste_weigering); de gepubliceerde versie blijft in gebruik'),
    laatste_poging: z
      .object({
        import_id: z.number().int(),
        status: z.enum(['bezig', 'gepubliceerd', 'mislukt', 'geweigerd']),
        gestart_op: z.iso.datetime({ offset: true }),
        klaar_op: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable(),
    laatste_fout: z.object({ import_id: z.number().int(), op: z.iso.datetime({ offset: true }), fout: z.string() }).nullable(),
    laatste_weigering: z
      .object({ import_id: z.number().int(), op: z.iso.datetime({ offset: true }), reden: z.string() })
      .nullable()
      .describe(
        'Laatste geweigerde import en de reden: een bestand dat onvolledig is, van de verkeerde soort, of onaannemelijk naast de gepubliceerde versie (veel minder records, geen records, geen nieuwere peildatum, hetzelfde bestand)',
      ),
  })
  .describe('Verversingsstatus: laatste poging, laatste mislukte en laatste geweigerde import').meta({ id: 'Verversing' });

/** Schema of a /register answer: the manifest of the served version, with register-specific descriptions. */
export function registerManifestSchema(register: string, d: { peildatum: string; sha256: string; aantallen: string }) {
  return z.object({
    register: z.literal(register),
    peildatum: peildatumSchema,
    peilmoment: z.iso.datetime({ offset: true }).nullable().describe(d.peildatum),
    bron_url: z.string().nullable().describe('Adres van de officiële export'),
    sha256: z.string().nullable().describe(d.sha256),
    aantallen: z.record(z.string(), z.number()).describe(d.aantallen),
    bestanden: z.array(bestandSchema).describe('Geïmporteerde bestanden met rol, naam, sha256, grootte en bronversie'),
    gepubliceerd_op: z.iso.datetime({ offset: true }),
    verversing: verversingSchema,
    licentie: z.string(),
    attributie: z.string(),
    voorbeelddata: z.boolean().describe('true: gegenereerde voorbeelddata (bijvoorbeeld na de eerste start), geen officiële export'),
  });
}

/** The /register answer for a register's published manifest. */
export function registerManifest(def: SourceDef, register: string, m: Manifest) {
  const bestanden = (m.bestanden as Partial<z.infer<typeof bestandSchema>>[]).map((b) => ({
    rol: b.rol ?? register,
    naam: b.naam ?? '',
    bron_url: b.bron_url ?? null,
    sha256: b.sha256 ?? '',
    bytes: b.bytes ?? 0,
    versie: b.versie ?? null,
  }));
  return {
    register,
    peildatum: peildatumVan(m.peildatum),
    peilmoment: m.peildatum,
    bron_url: m.bron_url,
    sha256: m.sha256,
    aantallen: m.aantallen,
    bestanden,
    gepubliceerd_op: m.gepubliceerd_op,
    verversing: m.verversing,
    licentie: def.licentie,
    attributie: def.attributie,
    voorbeelddata: m.voorbeeld,
  };
}
