// One palette: every category a view colours (kinds of change, kansmodel directions, network relations) has
// exactly one colour, categories of one kind are told apart, and the views take their category colours from
// components/dashboard/kleuren.ts instead of writing their own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIJZIGING_TYPES } from '@/lib/monitor/derive/types';
import { GROEP_PALET, PALET, RELATIE_KLEUR, RICHTING_KLEUR, WIJZIGING_KLEUR, wijzigingKleur } from './kleuren';
import { RICHTINGEN } from './kansmodel/kansmodel';
import { BEWEGING_KLEUR } from './grafieken/figuur';

const HEX = /^#[0-9a-f]{6}$/i;
const verschillend = (kleuren: readonly string[]) => new Set(kleuren.map((k) => k.toLowerCase())).size === kleuren.length;

describe('the category palette', () => {
  it('gives every kind of change the API knows one colour, all different', () => {
    expect(Object.keys(WIJZIGING_KLEUR).sort()).toEqual([...WIJZIGING_TYPES].sort());
    for (const t of WIJZIGING_TYPES) expect(wijzigingKleur(t)).toMatch(HEX);
    expect(verschillend(Object.values(WIJZIGING_KLEUR))).toBe(true);
    // The series key without diaeresis (radar) is the same category.
    expect(wijzigingKleur('beeindigd')).toBe(WIJZIGING_KLEUR['beëindigd']);
  });

  it('colours the radar movements, the kansmodel directions and the network relations from the palette', () => {
    for (const [k, kleur] of Object.entries(BEWEGING_KLEUR)) expect(kleur, k).toBe(wijzigingKleur(k));
    expect(RICHTINGEN.map((r) => r.kleur)).toEqual(RICHTINGEN.map((r) => RICHTING_KLEUR[r.richting]));
    expect(verschillend(Object.values(RICHTING_KLEUR))).toBe(true);
    expect(verschillend(Object.values(RELATIE_KLEUR))).toBe(true);
    expect(verschillend([...PALET])).toBe(true);
    expect(verschillend([...GROEP_PALET])).toBe(true);
  });

  // A grep, honestly named: a category name followed by a colour literal anywhere outside kleuren.ts means a
  // view keeps its own colour for a category again.
  it('is the only place that writes a colour for a category', () => {
    const categorieen = [...WIJZIGING_TYPES, 'beeindigd', ...Object.keys(RICHTING_KLEUR), ...Object.keys(RELATIE_KLEUR)];
    const patroon = new RegExp(`['"]?\\b(${categorieen.join('|')})\\b['"]?\\s*:\\s*['"]#[0-9a-f]{3,8}['"]`, 'i');
    const cssPatroon = /\.(soort|richting)--[\w-]+\s*\{[^}]*#[0-9a-f]{3,8}/i;
    const bestanden: string[] = [];
    const loop = (dir: string) => {
      for (const naam of readdirSync(dir)) {
        const pad = path.join(dir, naam);
        if (statSync(pad).isDirectory()) loop(pad);
        else if (/\.(tsx?|css)$/.test(naam) && !/\.test\.ts$/.test(naam)) bestanden.push(pad);
      }
    };
    loop(__dirname);
    loop(path.join(__dirname, '../../app/(site)/dashboard'));
    const eigen = bestanden.filter((f) => path.basename(f) !== 'kleuren.ts').filter((f) => {
      const tekst = readFileSync(f, 'utf8');
      return patroon.test(tekst) || cssPatroon.test(tekst);
    });
    expect(eigen.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });

  it('is imported by every view that colours categories', () => {
    for (const f of ['versies/versies.tsx', 'holdings/structuur.tsx', 'volglijst/volglijst.tsx', 'kansmodel/kansmodel.tsx', 'netwerk/netwerk.tsx', 'netwerk/graaf.ts', 'grafieken/figuur.tsx', 'metrieken/metrieken.tsx']) {
      expect(readFileSync(path.join(__dirname, f), 'utf8'), f).toMatch(/from '\.\.\/kleuren'/);
    }
  });
});
