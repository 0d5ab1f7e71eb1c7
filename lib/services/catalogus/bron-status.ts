// GET /v1/bronnen/status: per upstream source the observed state, shared by every process through the
// database (lib/db/source-health.ts): last success, last failure and its kind, error rate, call count and
// p95 latency over 24 hours, the format drift counters over 24 hours (lib/sources/drift.ts), and whether the source runs
// against its real URL or a replacement (an override such as the replay server). Never query values or bodies.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ownServiceBron } from '@/lib/sources/bron';
import { sources } from '@/lib/sources/registry';
import { baseUrl } from '@/lib/sources/source';
import { describeError, log } from '@/lib/log';

const DAY_MS = 24 * 3600_000;

const driftVeldSchema = z.object({
  veld: z.string().describe('Veldnaam of pad (zoals data[].station_number); nooit een waarde'),
  aantal: z.number().int().describe('Aantal keren gezien in de afgelopen 24 uur (per heel uur geteld)'),
  laatst_gezien: z.iso.datetime({ offset: true }).describe('Laatste keer gezien in de afgelopen 24 uur (ISO 8601)'),
}).meta({ id: 'DriftVeld' });

/**
 * A base URL as it may be shown publicly: an override (a mirror, a proxy) can carry a user name, a password
 * or a token in its query, which stay out of the status answer and page.
 */
export function publicUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/+$/, '');
  } catch {
    return '(ongeldige URL)';
  }
}

export const bronStatusSchema = z.object({
  bron: z.string().describe('Id van de bron, zoals in /v1/bronnen'),
  titel: z.string(),
  url_in_gebruik: z.string().describe('Basis-URL waartegen deze dienst de bron bevraagt, zonder inloggegevens en querystring (die worden niet getoond)'),
  vervangen: z.boolean().describe('true als de omgevingsvariabele van de bron naar een andere URL wijst dan de echte (bijvoorbeeld de replay-server)'),
  laatste_succes: z.iso.datetime({ offset: true }).nullable().describe('Tijd van de laatste geslaagde aanroep (ISO 8601)'),
  laatste_fout: z.object({ tijd: z.iso.datetime({ offset: true }), soort: z.string().describe('Foutsoort, zoals timeout of http_500') }).nullable(),
  aantal_24u: z.number().int().describe('Aanroepen in de afgelopen 24 uur (per heel uur geteld)'),
  foutpercentage_24u: z.number().nullable().describe('Percentage mislukte aanroepen in de afgelopen 24 uur; null zonder aanroepen'),
  p95_ms_24u: z
    .number()
    .int()
    .nullable()
    .describe('95e percentiel van de duur in ms over 24 uur: de bovengrens van de histogramklasse (50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 20000, 30000, 60000 ms); bij p95_ms_24u_open de ondergrens'),
  p95_ms_24u_open: z.boolean().describe('true als het 95e percentiel boven de hoogste grens (60000 ms) ligt: p95_ms_24u is dan een ondergrens'),
  drift: z.object({
    aantal_24u: z.number().int().describe('Afwijkingen van alle soorten samen in de afgelopen 24 uur (per heel uur geteld)'),
    laatst_gezien: z.iso.datetime({ offset: true }).nullable().describe('Laatste afwijking in de afgelopen 24 uur (ISO 8601); null zonder afwijkingen'),
    onbekende_velden: z.array(driftVeldSchema).describe('Velden in antwoorden die de adapter niet kent (niets wordt erom geweigerd)'),
    ontbrekende_velden: z.array(driftVeldSchema).describe('Verwachte velden die ontbraken'),
    conversiefouten: z.array(driftVeldSchema).describe('Velden waarvan de waarde niet omgezet kon worden'),
  }).describe('Formaatafwijkingen in de afgelopen 24 uur, per veldnaam met aantal en laatste keer gezien; niets wordt erom geweigerd'),
  status: z
    .enum(['ok', 'gestoord', 'onbekend'])
    .describe('onbekend: nog geen aanroep waargenomen; gestoord: de laatste waargenomen aanroep mislukte (laatste_fout is later dan laatste_succes); anders ok'),
});

export const bronnenStatusSchema = z.object({
  bijgewerkt_op: z.iso.datetime({ offset: true }).describe('Tijd van deze opgave (ISO 8601)'),
  bronnen: z.array(bronStatusSchema),
});

export type BronnenStatus = z.infer<typeof bronnenStatusSchema>;

/** The status of every source in the registry, from the shared tables; an unreadable database gives 'onbekend' rows. */
export async function bronnenStatus(now = new Date()): Promise<BronnenStatus> {
  const { getSourceHealth, getSourceStatistics, p95FromBuckets } = await import('@/lib/db/source-health');
  let health: Awaited<ReturnType<typeof getSourceHealth>> = {};
  let stats: Awaited<ReturnType<typeof getSourceStatistics>> = {};
  try {
    [health, stats] = [await getSourceHealth(), await getSourceStatistics(new Date(now.getTime() - DAY_MS))];
  } catch (err) {
    log('warn', 'bronstatus_onleesbaar', describeError(err));
  }
  const bronnen = sources.map((s) => {
    const h = health[s.id];
    const st = stats[s.id];
    const url = baseUrl(s);
    const laatsteSucces = h?.laatst_ok ?? null;
    const laatsteFout = h?.laatste_fout ? { tijd: h.laatste_fout, soort: h.laatste_foutsoort ?? 'onbekend' } : null;
    const status: 'ok' | 'gestoord' | 'onbekend' =
      !laatsteSucces && !laatsteFout ? 'onbekend' : laatsteFout && (!laatsteSucces || laatsteFout.tijd >= laatsteSucces) ? 'gestoord' : 'ok';
    const drift = st?.drift ?? [];
    const p95 = st ? p95FromBuckets(st.buckets) : null;
    const driftOf = (soort: string) =>
      (st?.drift ?? []).filter((d) => d.soort === soort).map((d) => ({ veld: d.veld, aantal: d.aantal, laatst_gezien: d.laatst_gezien }));
    return {
      bron: s.id,
      titel: s.titel,
      url_in_gebruik: publicUrl(url),
      vervangen: url !== s.defaultBaseUrl.replace(/\/+$/, ''),
      laatste_succes: laatsteSucces,
      laatste_fout: laatsteFout,
      aantal_24u: st?.aantal ?? 0,
      foutpercentage_24u: st?.aantal ? Math.round((1000 * st.fouten) / st.aantal) / 10 : null,
      p95_ms_24u: p95?.ms ?? null,
      p95_ms_24u_open: p95?.open ?? false,
      drift: {
        aantal_24u: drift.reduce((n, d) => n + d.aantal, 0),
        laatst_gezien: drift.reduce<string | null>((t, d) => (!t || d.laatst_gezien > t ? d.laatst_gezien : t), null),
        onbekende_velden: driftOf('onbekend'), ontbrekende_velden: driftOf('ontbrekend'), conversiefouten: driftOf('conversie') },
      status,
    };
  });
  return { bijgewerkt_op: now.toISOString(), bronnen };
}

export const bronnenStatusOperatie = operation({
  id: 'bronnen-status',
  path: '/v1/bronnen/status',
  api: 'bronnen',
  bronType: 'eigen-dienst',
  summary: 'Status van elke bron: laatste succes en fout, foutpercentage, p95 en formaatafwijkingen over 24 uur',
  description:
    'Per bron zoals deze dienst haar waarneemt, gedeeld door alle processen via de database: laatste geslaagde aanroep, laatste fout met soort, ' +
    'aantal aanroepen, foutpercentage en p95-duur over de afgelopen 24 uur, en de tellers van formaatafwijkingen over de afgelopen 24 uur ' +
    '(onbekende velden, ontbrekende verwachte velden, conversiefouten; per veldnaam het aantal en de laatste keer gezien; alleen veldnamen, ' +
    'nooit waarden). Alle tellingen over 24 uur gaan per heel uur. vervangen is true als de bron via haar omgevingsvariabele naar een andere URL wijst dan ' +
    'de echte, zoals de replay-server. status: onbekend zonder waargenomen aanroep, gestoord als de laatste aanroep mislukte, anders ok. ' +
    'Er worden geen zoekwaarden of antwoorden opgeslagen.',
  sources: [],
  params: { query: z.object({}) },
  statuses: [200],
  response: bronnenStatusSchema,
  onderdeel: 'catalogus',
  async handle() {
    return { data: await bronnenStatus(), bronnen: [ownServiceBron('Waargenomen status van de bronnen van deze dienst')] };
  },
});
