// POST /v1/verduurzaming/rapport.pdf: the report as one A4 page (application/pdf, inline, no envelope):
// label chips, signals, three scenarios with investment, saving, financing per month, home value and
// CO2, a source line and the assumptions. The energy prices come from the same cached function as
// GET /v1/energie/prijzen; when CBS fails the PDF is still made, without euro savings. Errors stay
// RFC 7807 problem+json (the route wrapper).
import { operation } from '@/lib/api/operation';
import type { BronEntry } from '@/lib/sources/bron';
import { gather } from '@/lib/sources/gather';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { fetchEnergiePrijzen } from '@/lib/services/energie/prijzen';
import { rapportInvoer } from '@/lib/verduurzaming/rapport/inputs';
import { rapportBestandsnaam } from '@/lib/verduurzaming/rapport/bestandsnaam';
import { renderRapportPdf } from '@/lib/verduurzaming/rapport/pdf';
import { METHODIEK_PAD } from '@/lib/verduurzaming/methodiek-titel';
import { publicUrl } from '@/lib/services/catalogus/bron-status';
import { toevoegingVan } from '@/lib/verduurzaming/toevoeging';
import { pdfRapport, type BronRegel } from '@/lib/verduurzaming/rapport/report';
import type { Energieprijzen } from '@/lib/verduurzaming/rapport/scenarios';
import { RAPPORT_BRONNEN, rapportBody, rapportQuery } from './rapport';

/** Time budget of the price look-up (CBS answers are cached for hours, so this is rarely spent). */
const PRIJZEN_BUDGET_MS = 5000;

export const verduurzamingRapportPdf = operation({
  id: 'verduurzaming-rapport-pdf',
  method: 'POST',
  path: '/v1/verduurzaming/rapport.pdf',
  api: 'verduurzaming',
  bronType: 'eigen-dienst',
  summary: 'Verduurzamingsrapport als PDF van één A4',
  description:
    'Dezelfde invoer als /v1/verduurzaming/rapport; antwoord is één A4-pagina (application/pdf, inline, geen envelop) met de labels ' +
    '(huidig naar doel) in de kleuren van het energielabel, signalen voor mogelijk niet gemelde maatregelen, drie scenario\'s ' +
    '(Eerste stap, Tot label A, Tot het beste doel) met investering, besparing, financiering per maand, woningwaarde en CO2, de maatregelen ' +
    'gerangschikt op doellabel, een bronregel en in de voettekst alle aannames. De rekenmethode met elke constante en bron staat op ' +
    'GET /v1/verduurzaming/methodiek (scenario_methode); de energieprijzen komen van GET /v1/energie/prijzen. Fouten blijven RFC 7807 JSON.',
  sources: RAPPORT_BRONNEN,
  params: { query: rapportQuery },
  body: rapportBody,
  produces: 'application/pdf',
  // The spec lists 200, 400, 404 and 422; 502 too, because without the Locatieserver the address cannot be resolved.
  statuses: [200, 400, 404, 422, 502],
  onderdeel: 'rapport',
  maxAgeSeconds: 0,
  async handle({ query, body, request, ctx }) {
    const [invoer, prijzen] = await Promise.all([
      rapportInvoer(query, body, ctx.signal),
      gather({ prijzen: { source: cbsStatline, run: (s) => fetchEnergiePrijzen(s) } }, { budgetMs: PRIJZEN_BUDGET_MS, signal: ctx.signal }),
    ]);
    const p = prijzen.results.prijzen;
    const energieprijzen: Energieprijzen | null = p
      ? { aardgas_per_m3: p.aardgas.all_in_per_m3, elektriciteit_per_kwh: p.elektriciteit.all_in_per_kwh, peilmaand: p.peilmaand }
      : null;
    const rapport = pdfRapport(invoer.basis, energieprijzen, bronRegels([...invoer.bronnen, ...prijzen.bronnen]));
    // The client document names the methodology by title with its full public URL (from this request's origin).
    const pdf = await renderRapportPdf(rapport, { methodiekUrl: publicUrl(new URL(METHODIEK_PAD, request.url).toString()) });
    // The resolved address names the file (its huisletter and toevoeging as BAG has them), else the query.
    const adres = invoer.basis.pand.adres;
    return {
      binary: {
        body: pdf,
        contentType: 'application/pdf',
        filename: rapportBestandsnaam(adres ? { postcode: adres.postcode, huisnummer: adres.huisnummer, toevoeging: toevoegingVan(adres) } : query),
      },
    };
  },
});

/** One source line entry per upstream source, unavailable if any of its calls failed; own entries left out. */
export function bronRegels(bronnen: readonly BronEntry[]): BronRegel[] {
  const per = new Map<string, BronRegel>();
  for (const b of bronnen) {
    if (b.bron === 'eigen-dienst') continue;
    const seen = per.get(b.bron);
    per.set(b.bron, {
      titel: b.titel,
      attributie: b.attributie,
      status: seen?.status === 'onbeschikbaar' || b.status === 'onbeschikbaar' ? 'onbeschikbaar' : 'ok',
    });
  }
  return [...per.values()];
}
