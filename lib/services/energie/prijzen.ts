// GET /v1/energie/prijzen: the newest monthly average consumer prices of natural gas and electricity
// from CBS table 85592NED, all-in including VAT, with their components and the fixed tariffs.
// Calls: DataProperties (which keys mean what), the VAT and period dimensions, then one TypedDataSet call
// filtered on the VAT-inclusive category and the three newest months (CBS OData v3 ignores $orderby).
import { operation } from '@/lib/api/operation';
import type { BronEntry } from '@/lib/sources/bron';
import type { Sourced } from '@/lib/sources/gather';
import { dataProperties, dimension, odataString, typedDataSet } from '@/lib/sources/cbs-statline';
import { SourceError, unreadableAnswer } from '@/lib/sources/source-error';
import { log } from '@/lib/log';
import {
  convertPrijzen,
  energiePrijzenSchema,
  findMeasures,
  findTimeDimension,
  findVatDimension,
  newestMonths,
  pickInclVat,
  selectKeys,
  type EnergiePrijzen,
} from './prijzen-convert';

/** "Gemiddelde energietarieven voor consumenten" (monthly since January 2021; 84672NED covered 2018-2023). */
export const ENERGIETARIEVEN_TABEL = '85592NED';

/** Months fetched at once, so a newest month without all values falls back to the one before. */
const MONTHS = 3;

export const energiePrijzen = operation({
  id: 'energie-prijzen',
  path: '/v1/energie/prijzen',
  api: 'energie',
  bronType: 'bron-api',
  summary: 'Gemiddelde consumentenprijzen van aardgas en elektriciteit in de nieuwste maand',
  description:
    'Nieuwste maandgemiddelden van het CBS (tabel 85592NED, Gemiddelde energietarieven voor consumenten): aardgas in euro per m3 en ' +
    'elektriciteit in euro per kWh, all-in inclusief btw (variabel leveringstarief + ODE waar aanwezig + energiebelasting), met de ' +
    'componenten, de vaste tarieven per jaar (vast leveringstarief, transporttarief, vermindering energiebelasting) en de peilmaand.',
  sources: ['cbs-statline'],
  statuses: [200, 502],
  response: energiePrijzenSchema,
  onderdeel: 'prijzen',
  maxAgeSeconds: 3600,
  async handle({ ctx }) {
    return fetchEnergiePrijzen(ctx.signal);
  },
});

/**
 * The newest monthly consumer prices with their one bronnen entry: what GET /v1/energie/prijzen answers,
 * reusable by other operations (the PDF report) so they share its cached and replayable CBS calls.
 */
export async function fetchEnergiePrijzen(signal?: AbortSignal): Promise<Sourced<EnergiePrijzen>> {
  const tabel = ENERGIETARIEVEN_TABEL;
  const props = await dataProperties(tabel, signal);
  const bronnen: BronEntry[] = [...props.bronnen];
  const measures = findMeasures(props.data);
  const vatDim = findVatDimension(props.data);
  const timeDim = findTimeDimension(props.data);
  if (!vatDim || !timeDim || !measures.aardgas.variabel_leveringstarief || !measures.elektriciteit.variabel_leveringstarief) {
    throw unexpected(props.bronnen[0], 'structuur_onbekend');
  }

  const [vat, periods] = await Promise.all([dimension(tabel, vatDim, signal), dimension(tabel, timeDim, signal)]);
  bronnen.push(...vat.bronnen, ...periods.bronnen);
  const incl = pickInclVat(vat.data);
  const months = newestMonths(periods.data, MONTHS);
  if (!incl || months.length === 0) throw unexpected(vat.bronnen[0], 'btw_of_perioden_onbekend');

  const filter =
    `${vatDim} eq ${odataString(incl.Key)} and ` + `(${months.map((m) => `${timeDim} eq ${odataString(m.Key)}`).join(' or ')})`;
  const rows = await typedDataSet(tabel, { filter, select: selectKeys(measures, [vatDim, timeDim]) }, signal);
  bronnen.push(...rows.bronnen);

  const data = convertPrijzen({
    tabel,
    rows: rows.data,
    measures,
    timeDimension: timeDim,
    vat: { dimension: vatDim, key: incl.Key },
    periods: periods.data,
  });
  if (!data) throw unexpected(rows.bronnen[0], 'geen_volledige_maand');
  return { data, bronnen: [combine(bronnen)] };
}

/** The table answered in a shape we cannot read: a failing source (502), logged with a reason code. */
function unexpected(bron: BronEntry, reden: string): SourceError {
  log('warn', 'cbs_energietarieven_onleesbaar', { reden });
  return unreadableAnswer(bron);
}

/** The four calls to one source as one bronnen entry: total time, newest fetch, cached only if all were. */
function combine(entries: BronEntry[]): BronEntry {
  const last = entries[entries.length - 1];
  const times = entries.map((e) => e.opgehaald_op).filter((t): t is string => t !== null).sort();
  return {
    ...last,
    duur_ms: entries.reduce((sum, e) => sum + (e.duur_ms ?? 0), 0),
    opgehaald_op: times[times.length - 1] ?? last.opgehaald_op,
    cache: entries.every((e) => e.cache),
  };
}
