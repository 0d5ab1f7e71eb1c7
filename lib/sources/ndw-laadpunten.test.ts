// OCPI Locations from NDW's OCPI receiver test data (bare objects), the chunked JSON reader (bare array and OCPI
// envelope, cut at every possible place), and nearest-N within a radius.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonArrayElements } from './json-elements';
import { beschikbaarheid, laadlocatieUitOcpi, vermogen, type OcpiLocation } from './ndw-laadpunten-convert';
import { indexeerLaadlocaties, laadpuntenBijPunt } from './ndw-laadpunten';

const root = path.resolve(__dirname, '..', '..');
const tekst = fs.readFileSync(path.join(root, 'test/fixtures/ocpi/locations__small-locations.json'), 'utf8');
const bare: OcpiLocation[] = JSON.parse(tekst);

async function alle(chunks: Iterable<string>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const el of jsonArrayElements(chunks)) out.push(el);
  return out;
}

describe('OCPI locations', () => {
  it('reads a recorded Location with EVSE status and connectors; power derived from 230 V × 16 A × 3 phases', () => {
    expect(laadlocatieUitOcpi(bare[0])).toEqual({
      id: 'd6fc5080-74e9-40c5-9719-59fad1a87900',
      naam: null,
      adresregel: 'Noordwal 6',
      postcode: '5211RM',
      plaats: "'s-Hertogenbosch",
      land: 'NLD',
      parkeertype: 'ON_STREET',
      exploitant: 'Test Supplier',
      lon: 5.309348,
      lat: 51.692144,
      bijgewerkt_op: '2021-06-23T21:39:52Z',
      evses: [
        {
          uid: 'be8c4660-603e-4ae8-8942-5cffa79247d8',
          evse_id: 'NL*NUO*EALF*0003812*2',
          status: 'BLOCKED',
          bijgewerkt_op: '2021-06-23T21:39:52Z',
          connectoren: [{ standaard: 'IEC_62196_T2', vorm: 'SOCKET', stroomtype: 'AC_3_PHASE', vermogen_kw: 11.04, vermogen_berekend: true }],
        },
        {
          uid: '4c34bfb8-453c-4f4f-82da-f53f1317c8f2',
          evse_id: 'NL*NUO*EALF*0003812*1',
          status: 'CHARGING',
          bijgewerkt_op: '2021-06-20T15:59:05Z',
          connectoren: [{ standaard: 'IEC_62196_T2', vorm: 'SOCKET', stroomtype: 'AC_3_PHASE', vermogen_kw: 11.04, vermogen_berekend: true }],
        },
      ],
    });
    const tweede = laadlocatieUitOcpi(bare[1])!;
    expect(tweede.postcode).toBe('5212 PA');
    expect(beschikbaarheid(tweede.evses)).toEqual({ aantal_evses: 2, beschikbaar: 2, bezet: 0, buiten_gebruik: 0, onbekend: 0 });
  });

  it('prefers max_electric_power, counts statuses and skips unusable locations', () => {
    expect(vermogen({ max_electric_power: 50000, power_type: 'DC', voltage: 500, amperage: 125 })).toEqual({ kw: 50, berekend: false });
    expect(vermogen({ power_type: 'AC_1_PHASE', voltage: 230, amperage: 32 })).toEqual({ kw: 7.36, berekend: true });
    expect(vermogen({ power_type: 'AC_1_PHASE' })).toEqual({ kw: null, berekend: false });
    const statussen = ['AVAILABLE', 'CHARGING', 'RESERVED', 'OUTOFORDER', 'UNKNOWN', 'REMOVED'].map((status) => ({ uid: null, evse_id: null, status, bijgewerkt_op: null, connectoren: [] }));
    expect(beschikbaarheid(statussen)).toEqual({ aantal_evses: 5, beschikbaar: 1, bezet: 2, buiten_gebruik: 1, onbekend: 1 });
    expect(laadlocatieUitOcpi({ id: 'x', coordinates: { latitude: 'abc', longitude: '5.1' } })).toBeNull();
    expect(laadlocatieUitOcpi({ coordinates: { latitude: '52', longitude: '5.1' } })).toBeNull();
    expect(laadlocatieUitOcpi({ ...bare[0], publish: false })).toBeNull();
    expect(laadlocatieUitOcpi({ ...bare[0], publish: true })?.id).toBe('d6fc5080-74e9-40c5-9719-59fad1a87900');
  });

  it('cuts the Location objects out of a bare array and of an OCPI envelope, whatever the chunk boundaries', async () => {
    const envelope = JSON.stringify({ status_code: 1000, status_message: 'Success [ok] {"x"}', data: bare, timestamp: '2026-11-22T23:50:00Z' });
    for (const doc of [tekst, envelope]) {
      expect(await alle([doc])).toEqual(bare);
      for (const size of [1, 7, 64, 333]) {
        const chunks: string[] = [];
        for (let i = 0; i < doc.length; i += size) chunks.push(doc.slice(i, i + size));
        expect(await alle(chunks)).toEqual(bare);
      }
    }
    await expect(alle(['{"status_code": 2001}'])).rejects.toThrow('no JSON array');
    await expect(alle([tekst.slice(0, tekst.length / 2)])).rejects.toThrow('ends inside');
  });

  it('finds the nearest locations within the radius', () => {
    const ix = indexeerLaadlocaties(bare.map((l) => laadlocatieUitOcpi(l)!));
    const hits = laadpuntenBijPunt(ix, { lon: 5.3095, lat: 51.6922 }, 500, 5);
    expect(hits.map((h) => [h.adresregel, h.afstand_m])).toEqual([
      ['Noordwal 6', 12],
      ['Pelssingel 22', 84],
    ]);
    expect(hits[0].locatie.rd.x).toBeGreaterThan(140000);
    expect(laadpuntenBijPunt(ix, { lon: 5.3095, lat: 51.6922 }, 500, 1)).toHaveLength(1);
    expect(laadpuntenBijPunt(ix, { lon: 5.3095, lat: 51.6922 }, 50, 5)).toHaveLength(1);
    expect(laadpuntenBijPunt(indexeerLaadlocaties([]), { lon: 5.3, lat: 51.7 }, 5000, 5)).toEqual([]);
  });
});
