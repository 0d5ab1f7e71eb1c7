// The bytes of a bulk export: the ZIP unzips to manifest.json plus one CSV per table (UTF-8 with BOM, the
// service's quoting, lists as JSON); the NDJSON has the manifest first and then one line per row.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ExportManifest, Tabel } from './export';
import { exportNdjson, exportZip } from './export-pakket';

const tabellen: Tabel[] = [
  { naam: 'vestigingen', kolommen: ['vestiging_id', 'naam', 'producten', 'actief'], rijen: [{ vestiging_id: 'V1', naam: 'Kantoor "De Brug", Zwolle', producten: ['a', 'b'], actief: true }] },
  {
    naam: 'wijzigingen',
    kolommen: ['id', 'wijziging_type', 'oud'],
    rijen: Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, wijziging_type: 'nieuw', oud: i === 0 ? { naam: '=SOM(A1)' } : null })),
  },
];
// Keeps the byte-order mark (the default decoder drops it).
const tekst = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const manifest = { dataset: 'distributiemonitor', versie_id: 7, gegenereerd_op: '2026-06-02T08:00:00.000Z', tabellen: [] } as unknown as ExportManifest;

describe('bulk export bytes', () => {
  it('zips manifest.json and one CSV per table', () => {
    const bestanden = unzipSync(exportZip(manifest, tabellen));
    expect(Object.keys(bestanden)).toEqual(['manifest.json', 'vestigingen.csv', 'wijzigingen.csv']);
    expect(JSON.parse(tekst(bestanden['manifest.json']))).toEqual(manifest);
    expect([...bestanden['vestigingen.csv'].slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(tekst(bestanden['vestigingen.csv'])).toBe('\uFEFFvestiging_id,naam,producten,actief\r\nV1,"Kantoor ""De Brug"", Zwolle","[""a"",""b""]",true\r\n');
    const regels = tekst(bestanden['wijzigingen.csv']).split('\r\n');
    expect(regels).toHaveLength(1 + 2500 + 1); // header, rows, the empty string after the last CRLF
    expect(regels.slice(0, 3)).toEqual(['\uFEFFid,wijziging_type,oud', `1,nieuw,"{""naam"":""=SOM(A1)""}"`, '2,nieuw,']);
    expect(regels[2500]).toBe('2500,nieuw,');
  });

  it('writes NDJSON: the manifest, then every row of every table with its table name', () => {
    const regels = tekst(exportNdjson(manifest, tabellen)).split('\n');
    expect(regels).toHaveLength(1 + 1 + 2500 + 1);
    expect(regels.at(-1)).toBe('');
    expect(JSON.parse(regels[0])).toEqual({ tabel: 'manifest', rij: manifest });
    expect(JSON.parse(regels[1])).toEqual({ tabel: 'vestigingen', rij: tabellen[0].rijen[0] });
    expect(JSON.parse(regels[2])).toEqual({ tabel: 'wijzigingen', rij: { id: 1, wijziging_type: 'nieuw', oud: { naam: '=SOM(A1)' } } });
    expect(JSON.parse(regels[2501])).toEqual({ tabel: 'wijzigingen', rij: { id: 2500, wijziging_type: 'nieuw', oud: null } });
  });
});
