// The metric endpoints serve everything the metrics view shows, from the one declaration per key figure
// (lib/monitor/metrics/kengetallen.ts): formula, unit, scale with its bands, explanation, and the series over
// the versions; the index answers the same as each figure's own operation, so a view needs one request.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '@/lib/api/operation';
import { route } from '@/lib/api/route';
import { KENGETALLEN } from '@/lib/monitor/metrics/kengetallen';
import { useTestDatabase } from '@/test/db/test-database';
import { kleineMarkt, type Kantoor } from '@/test/fixtures/monitor/markt';
import { publiceerMaanden } from '@/test/fixtures/monitor/publiceer';
import { monitorMetriek, monitorMetrieken } from './metrieken';

const SLOW = 120_000;
const kantoren: Kantoor[] = [
  { id: 'e0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000010', naam: 'Groep Kantoor B.V.', kvk: '30000010', adres: 'Plein 10', postcode: '2511 CV', plaats: 'Den Haag' },
];
const { H, entiteiten, mei, juni } = kleineMarkt(kantoren, ['30000001']);

interface Metriek {
  naam: string;
  formule: string;
  eenheid: string;
  uitleg: string;
  schaal: { min: number | null; max: number | null; banden: { ondergrens: number; bovengrens: number | null; label: string }[] };
  waarde: number | null;
  reeks: { versie_id: number; peildatum: string; waarde: number | null }[];
}

describe('the metric endpoints', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-metrieken-');
  const vraag = async (op: Operation, url: string) => {
    const res = await route(op).GET(new Request(`http://localhost${url}`, { headers: { 'X-Forwarded-For': '198.51.100.31' } }), { params: Promise.resolve({}) });
    expect(res.status, url).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };

  beforeAll(async () => {
    await publiceerMaanden(db.dir(), { kantoren, entiteiten }, [['mei', mei, '2026-05-01'], ['juni', juni, '2026-06-01']] as const);
  }, SLOW);

  it('declare an explanation and a scale for every key figure; HHI on 0–10.000 with the usual bands', () => {
    for (const k of KENGETALLEN) {
      expect(k.uitleg.length, k.naam).toBeGreaterThan(30);
      const b = k.schaal.banden;
      for (let i = 1; i < b.length; i++) expect(b[i].ondergrens, k.naam).toBe(b[i - 1].bovengrens);
      if (k.eenheid === 'procent') expect(k.schaal).toMatchObject({ min: 0, max: 100 });
    }
    expect(KENGETALLEN.find((k) => k.naam === 'hhi')!.schaal).toEqual({
      min: 0,
      max: 10_000,
      banden: [
        { ondergrens: 0, bovengrens: 1_500, label: 'niet geconcentreerd' },
        { ondergrens: 1_500, bovengrens: 2_500, label: 'matig geconcentreerd' },
        { ondergrens: 2_500, bovengrens: null, label: 'sterk geconcentreerd' },
      ],
    });
  });

  it('serve formula, unit, scale, explanation and series in the index exactly as in each figure’s own operation', { timeout: SLOW }, async () => {
    const { metrieken } = (await vraag(monitorMetrieken, '/v1/distributiemonitor/metrieken')) as { metrieken: (Metriek & { pad: string })[] };
    expect(metrieken.map((m) => m.naam)).toEqual(KENGETALLEN.map((k) => k.naam));
    for (const m of metrieken) {
      const eigen = (await vraag(monitorMetriek(m.naam), m.pad)) as unknown as Metriek;
      const { pad, ...rest } = m;
      expect(pad).toBe(`/v1/distributiemonitor/metrieken/${m.naam.replace(/_/g, '-')}`);
      expect(eigen).toMatchObject(rest);
      expect(m.reeks.map((p) => p.peildatum)).toEqual(['2026-05-01', '2026-06-01']);
      expect(m.reeks[m.reeks.length - 1].waarde).toBe(m.waarde);
    }
    // One takeover in June, none before: the series says so.
    expect(metrieken.find((m) => m.naam === 'overnames_12m')!.reeks.map((p) => p.waarde)).toEqual([0, 1]);
  });

  it('cut the series at the chosen version', { timeout: SLOW }, async () => {
    const { metrieken } = (await vraag(monitorMetrieken, '/v1/distributiemonitor/metrieken?peildatum=2026-05-20')) as { metrieken: Metriek[] };
    for (const m of metrieken) expect(m.reeks.map((p) => p.peildatum), m.naam).toEqual(['2026-05-01']);
  });
});
