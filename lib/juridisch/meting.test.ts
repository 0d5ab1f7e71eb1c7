// Precision and recall of the citation extraction on the real (recorded) rulings in the fixtures, against the
// hand-annotated citations in test/upstream/fixtures/rechtspraak/citaties-handmatig.json. The figures are in
// docs/punt-en-juridisch.md; this test keeps them from getting worse (a floor, not an exact value).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractWetsverwijzingen } from './extract';
import { meet, totaal, type Meting, type VerwachteCitatie } from './meting';
import { parseUitspraak } from '@/lib/sources/rechtspraak-convert';

const DIR = path.resolve(__dirname, '../../test/upstream/fixtures/rechtspraak');
const annotatie = JSON.parse(fs.readFileSync(path.join(DIR, 'citaties-handmatig.json'), 'utf8')) as {
  toelichting: string;
  uitspraken: { ecli: string; bestand: string; verwacht: VerwachteCitatie[] }[];
};

// Floors: what the extraction achieves now. Raise them when it gets better; never lower them to pass.
const VLOER_TOTAAL = { precisie: 1, recall: 15 / 15 }; // measured: 15 of 15 found, none wrong

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

describe('citation extraction on the real rulings (hand-annotated)', () => {
  const metingen: [string, Meting][] = annotatie.uitspraken.map((u) => {
    const uitspraak = parseUitspraak(fs.readFileSync(path.join(DIR, u.bestand), 'utf8'));
    expect(uitspraak.ecli).toBe(u.ecli);
    return [u.ecli, meet(u.verwacht, extractWetsverwijzingen(uitspraak.secties))];
  });
  const alles = totaal(metingen.map(([, m]) => m));

  it('annotates only recorded (real) rulings, labelled as hand-annotated', () => {
    expect(annotatie.toelichting).toMatch(/^HANDMATIG GEANNOTEERD/);
    const manifest = fs.readFileSync(path.join(DIR, 'MANIFEST.md'), 'utf8');
    for (const u of annotatie.uitspraken) expect(manifest).toMatch(new RegExp(`\\| ${u.bestand} \\| opgenomen \\|`));
  });

  it('prints the per-ruling table', () => {
    const rows = [...metingen, ['totaal', alles] as [string, Meting]].map(
      ([ecli, m]) => `| ${ecli} | ${m.verwacht} | ${m.gevonden} | ${m.juist} | ${pct(m.precisie)} | ${pct(m.recall)} | ${m.gemist.join('; ') || '-'} | ${m.onterecht.join('; ') || '-'} |`,
    );
    console.log(['| uitspraak | verwacht | gevonden | juist | precisie | recall | gemist | onterecht |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n'));
    expect(alles.verwacht).toBeGreaterThan(0);
  });

  it('stays at or above the measured floor overall', () => {
    expect(alles.precisie).toBeGreaterThanOrEqual(VLOER_TOTAAL.precisie);
    expect(alles.recall).toBeGreaterThanOrEqual(VLOER_TOTAAL.recall);
  });

  it.each(annotatie.uitspraken.map((u) => u.ecli))('finds every annotated citation whose statute is in the table in %s, and nothing else', (ecli) => {
    const m = metingen.find(([e]) => e === ecli)![1];
    expect(m.onterecht).toEqual([]);
    expect(m.gemist.filter((k) => !k.startsWith('(niet in tabel)'))).toEqual([]);
  });
});
