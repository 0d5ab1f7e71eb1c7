// Size check: a synthetic market of the sample's size (8,000 vestigingen, 500 holdings, 20,000 rows) must
// be cheap for every metric. The target is well under 50 ms each; the assertion is looser so a busy CI
// machine does not fail it, a quadratic loop (seconds) still does.
import { describe, expect, it } from 'vitest';
import type { MarktHolding, MarktVestiging, VersieInfo, WijzigingRij } from '../derive/types';
import { benchmark } from './benchmark';
import { hypotheek, ooitHypotheekUit } from './hypotheek';
import { kansmodel } from './kansmodel';
import { berekenKengetallen } from './kengetallen';
import { radar } from './radar';

function markt() {
  let s = 42;
  const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const int = (n: number) => Math.floor(rnd() * n);
  const PRODUCTEN = ['Hypothecair krediet', 'Schadeverzekeringen', 'Levensverzekeringen', 'Consumptief krediet', 'Pensioenverzekeringen', 'Inkomensverzekeringen', 'Betaalrekeningen', 'Spaarrekeningen'];
  const PLAATSEN = ['Amsterdam', 'Rotterdam', 'Den Haag', 'Utrecht', 'Eindhoven', 'Groningen', 'Tilburg', 'Almere', 'Ergensdorp', 'Zwolle'];
  const holdings: MarktHolding[] = [];
  for (let i = 0; i < 500; i++) {
    const top = i < 300 ? `H${i}` : `H${int(300)}`;
    holdings.push({ holding_id: `H${i}`, naam: `Holding ${i}`, vestiging_ids: [], hoofdholding_id: top, type: top === `H${i}` ? 'hoofdholding' : 'tussenholding', moeder_id: top === `H${i}` ? null : top, kvk_nummer: null });
  }
  const vestigingen: MarktVestiging[] = [];
  for (let i = 0; i < 8000; i++) {
    const owned = rnd() < 0.4 ? holdings[int(500)] : null;
    const producten = PRODUCTEN.filter(() => rnd() < 0.35);
    const actief = rnd() < 0.95;
    const v: MarktVestiging = {
      vestiging_id: `V${String(i).padStart(5, '0')}`, naam: `Kantoor ${i}`, kvk_nummer: String(10_000 + int(6000)), postcode: null, huisnummer: null,
      plaats: PLAATSEN[int(PLAATSEN.length)], actief, instelling_id: `i${i}`, producten: actief ? producten : [],
      hypotheek_diensten: actief && producten.includes('Hypothecair krediet') ? ['adviseren'] : [],
      sinds: `${1990 + int(36)}-0${1 + int(9)}-01`, einde: actief ? null : '2026-03-01', handelsnamen: [], klachteninstituut: null,
      lei: owned ? `L${i}` : null, holding_id: owned?.holding_id ?? null, hoofdholding_id: owned?.hoofdholding_id ?? null,
      koppeling: { gleif: owned ? { methode: i % 5 ? 'kvk' : 'naam_plaats', zekerheid: i % 5 ? 1 : 0.9 } : null, dnb: null },
    };
    if (owned) {
      owned.vestiging_ids.push(v.vestiging_id);
      if (owned.hoofdholding_id !== owned.holding_id) holdings[Number(owned.hoofdholding_id.slice(1))].vestiging_ids.push(v.vestiging_id);
    }
    vestigingen.push(v);
  }
  const versies: VersieInfo[] = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, peildatum: `${2025 + Math.floor((i + 8) / 12)}-${String(((i + 8) % 12) + 1).padStart(2, '0')}-01`, eerste: i === 0 }));
  const TYPES = ['nieuw', 'beëindigd', 'gewijzigd', 'overgenomen', 'verhuisd'] as const;
  const wijzigingen: WijzigingRij[] = [];
  for (let i = 0; i < 20_000; i++) {
    const versie = i < 8000 ? versies[0] : versies[1 + int(14)];
    const v = vestigingen[int(8000)];
    const type = i < 8000 ? 'nieuw' : TYPES[int(5)];
    wijzigingen.push({ wijziging_id: i + 1, versie_id: versie.id, datum: versie.peildatum, entiteit_type: 'vestiging', entiteit_id: v.vestiging_id, wijziging_type: type, oud: { ...v, hoofdholding_id: null }, nieuw: v, velden: [] });
  }
  return { vestigingen, holdings, versies, wijzigingen, peildatum: '2026-11-01' };
}

describe('performance at sample size', () => {
  const m = markt();
  const tijd = (f: () => unknown) => {
    f(); // warm-up (JIT)
    const t = performance.now();
    f();
    return performance.now() - t;
  };

  it('each metric runs fast', () => {
    const t = {
      radar: tijd(() => radar(m)),
      kansmodel: tijd(() => kansmodel(m)),
      benchmark: tijd(() => benchmark({ ...m, peergroep_seg: 'q2', vestiging_id: 'V00042' })),
      hypotheek: tijd(() => hypotheek({ ...m, ooitHypotheek: ooitHypotheekUit(m.wijzigingen) })),
      kengetallen: tijd(() => berekenKengetallen({ ...m, samenwerkingsverbanden_aantal: 0 })),
    };
    console.log('metric timings (ms):', Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v * 10) / 10])));
    for (const ms of Object.values(t)) expect(ms).toBeLessThan(250);
  });
});
