// GET /v1/regio/{code}/top: all wijken or buurten of a gemeente or wijk ranked on one characteristic. The
// values of every region come from ONE bulk call (TypedDataSet with a startswith filter and $select of the
// one measure), not one call per region.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { intParam, regioCode } from '@/lib/api/params';
import { kwbEditie, kwbNamen, kwbRijenMetPrefix, regioKey } from '@/lib/sources/cbs-kwb';
import { maatWaarde } from '@/lib/sources/cbs-maten';
import { niveauOnder, niveauVan, prefixBinnen, type Niveau } from '@/lib/regio/codes';
import { KENMERK_ALIASSEN, kenmerkNaam } from '@/lib/regio/kerncijfers';
import { rangschik, topRegelSchema } from '@/lib/regio/top';
import { metNieuwsteTabel } from './laden';

const niveau = z.enum(['wijk', 'buurt']);

export const regioTop = operation({
  id: 'regio-top',
  path: '/v1/regio/{code}/top',
  api: 'regio',
  bronType: 'eigen-dienst',
  summary: 'Wijken of buurten van een gemeente of wijk gerangschikt op één kenmerk',
  description:
    'Alle wijken of buurten binnen de gemeente of wijk, gerangschikt op één kenmerk uit de nieuwste tabel Kerncijfers wijken en ' +
    'buurten, in één bulkaanroep: rang, code, naam en waarde. kenmerk is een stabiele kenmerknaam uit /v1/stats/kerncijfers ' +
    `(bijvoorbeeld gemiddelde_woz_waarde_van_woningen) of een korte naam: ${Object.entries(KENMERK_ALIASSEN).map(([k, v]) => `${k} (${v})`).join(', ')}. ` +
    'Zonder niveau het niveau direct onder de regio (gemeente: wijken, wijk: buurten). Regio’s zonder waarde tellen mee in zonder_waarde.',
  sources: ['cbs-statline'],
  params: {
    path: z.object({ code: regioCode.topLevel }),
    query: z.object({
      kenmerk: z.string().trim().min(1).max(80).default('inwoners').describe('Kenmerk om op te rangschikken (stabiele naam of korte naam)').meta({ examples: ['woz'] }),
      n: intParam(1, 50, 'Aantal regio’s in de ranglijst (1-50)').default(10).meta({ examples: [5] }),
      richting: z.enum(['hoogste', 'laagste']).default('hoogste').describe('hoogste of laagste waarden eerst').meta({ examples: ['laagste'] }),
      niveau: niveau.optional().describe('wijk of buurt; zonder: het niveau direct onder de regio').meta({ examples: ['buurt'] }),
    }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    regio: z.object({ code: z.string(), naam: z.string().nullable(), niveau: z.string() }).meta({ id: 'RegioNaam' }),
    niveau,
    kenmerk: z.object({ naam: z.string(), titel: z.string(), eenheid: z.string().nullable() }),
    richting: z.enum(['hoogste', 'laagste']),
    jaar: z.number().int(),
    tabel: z.string(),
    aantal_regios: z.number().int().describe('Aantal regio’s van dit niveau binnen de regio'),
    zonder_waarde: z.number().int(),
    top: z.array(topRegelSchema),
  }),
  onderdeel: 'top',
  maxAgeSeconds: 3600,
  async handle({ path, query, ctx }) {
    const gevraagdNiveau: Niveau = query.niveau ?? (niveauOnder(path.code) as Niveau);
    const prefix = prefixBinnen(path.code, gevraagdNiveau);
    if (!prefix || gevraagdNiveau === niveauVan(path.code)) {
      const reason = `een ${niveauVan(path.code)} bevat geen ${gevraagdNiveau === 'wijk' ? 'wijken' : 'buurten'}`;
      throw new Problem('invalid_parameter', { detail: reason, invalidParams: [{ name: 'niveau', in: 'query', reason }] });
    }
    return metNieuwsteTabel(async (e) => {
      const [editie, namen] = await Promise.all([kwbEditie(e.tabel, ctx.signal), kwbNamen(e.tabel, [path.code, prefix], ctx.signal)]);
      const naam = kenmerkNaam(query.kenmerk);
      const maat = editie.data.maten.find((m) => m.naam === naam && m.soort !== 'beschrijvend');
      if (!maat) {
        const voorbeelden = editie.data.maten.filter((m) => m.soort !== 'beschrijvend').slice(0, 6).map((m) => m.naam);
        const reason = `onbekend of niet-numeriek kenmerk in ${editie.data.tabel}; bijvoorbeeld ${voorbeelden.join(', ')} (volledige lijst: /v1/stats/kerncijfers)`;
        throw new Problem('invalid_parameter', { detail: reason, invalidParams: [{ name: 'kenmerk', in: 'query', reason }] });
      }
      const gebied = namen.data.find((n) => n.code === path.code);
      if (!gebied) {
        const reason = `komt niet voor in ${editie.data.titel ?? 'tabel'} (${editie.data.tabel})`;
        throw new Problem('invalid_parameter', { detail: `Regio ${path.code} ${reason}.`, invalidParams: [{ name: 'code', in: 'path', reason }] });
      }
      const rows = await kwbRijenMetPrefix(e.tabel, prefix, ctx.signal, [maat.key]);
      const naamVan = new Map(namen.data.map((n) => [n.code, n.naam]));
      const regios = rows.data.map((r) => ({ code: regioKey(r), naam: naamVan.get(regioKey(r)) ?? null, waarde: maatWaarde(r, maat) }));
      const { top, zonder_waarde } = rangschik(regios, query.n, query.richting);
      return {
        data: {
          regio: { code: path.code, naam: gebied.naam, niveau: niveauVan(path.code) },
          niveau: gevraagdNiveau,
          kenmerk: { naam: maat.naam, titel: maat.titel, eenheid: maat.eenheid },
          richting: query.richting,
          jaar: editie.data.jaar,
          tabel: editie.data.tabel,
          aantal_regios: regios.length,
          zonder_waarde,
          top,
        },
        bronnen: [...editie.bronnen, ...namen.bronnen, ...rows.bronnen],
      };
    });
  },
});
