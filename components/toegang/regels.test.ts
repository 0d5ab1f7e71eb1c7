// The key page's client-side rules agree with the server: every input the form would send is accepted by
// POST /v1/toegang/aanvragen, every input it refuses the server refuses too, naming the same fields; the key
// shape is the server's; an empty organisation is left out.
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { SLEUTEL_PATROON } from '@/lib/access/keys';
import { toegangAanvraag } from '@/lib/services/toegang/aanvraag';
import { useTestDatabase } from '@/test/db/test-database';
import { SLEUTEL_VORM, wachttijd } from './api';
import { aanvraagBody, controleer, type AanvraagInvoer } from './regels';

const geldig: AanvraagInvoer = { naam: 'Adviseur Test', email: 'adviseur@example.org', organisatie: 'Testkantoor', gebruik: 'Marktanalyse voor klanten', tier: 'standard' };
const x = (n: number) => 'x'.repeat(n);

const gevallen: [string, Partial<AanvraagInvoer>][] = [
  ['geldig', {}],
  ['enterprise', { tier: 'enterprise' }],
  ['naam leeg', { naam: '' }],
  ['naam één teken na trimmen', { naam: ' a ' }],
  ['naam twee tekens', { naam: 'ab' }],
  ['naam 200 tekens', { naam: x(200) }],
  ['naam 201 tekens', { naam: x(201) }],
  ['naam 200 tekens met spaties eromheen', { naam: `  ${x(200)}  ` }],
  ['e-mail leeg', { email: '' }],
  ['e-mail zonder domein', { email: 'a@b' }],
  ['e-mail zonder @', { email: 'adviseur.example.org' }],
  ['e-mail met spaties eromheen', { email: ' adviseur@example.org ' }],
  ['e-mail 254 tekens', { email: `${x(242)}@example.org` }],
  ['e-mail 255 tekens', { email: `${x(243)}@example.org` }],
  ['organisatie leeg', { organisatie: '' }],
  ['organisatie alleen spaties', { organisatie: '   ' }],
  ['organisatie 200 tekens', { organisatie: x(200) }],
  ['organisatie 201 tekens', { organisatie: x(201) }],
  ['gebruik 9 tekens', { gebruik: '123456789' }],
  ['gebruik 9 tekens na trimmen', { gebruik: ' 123456789 ' }],
  ['gebruik 10 tekens', { gebruik: '1234567890' }],
  ['gebruik 2000 tekens', { gebruik: x(2000) }],
  ['gebruik 2001 tekens', { gebruik: x(2001) }],
  ['geen tier', { tier: '' }],
  ['alles leeg', { naam: '', email: '', organisatie: '', gebruik: '', tier: '' }],
];

describe('the key request form rules', () => {
  useTestDatabase('pglite', 'nlods-sleutel-regels-');

  it.each(gevallen)('agree with the server: %s', { timeout: 60_000 }, async (_naam, wijziging) => {
    const invoer = { ...geldig, ...wijziging };
    const client = Object.keys(controleer(invoer)).sort();
    // vitest.config.ts switches access (and so the 5-per-hour limit) off: every case reaches the schema.
    const res = await route(toegangAanvraag).POST(
      new Request('http://localhost/v1/toegang/aanvragen', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(aanvraagBody(invoer)) }),
      { params: Promise.resolve({}) },
    );
    const body = (await res.json()) as { invalid_params?: { name: string; in: string }[] };
    const server = [...new Set((body.invalid_params ?? []).map((p) => p.name))].sort();
    expect(res.status).toBe(client.length ? 400 : 200);
    expect(server).toEqual(client);
    for (const p of body.invalid_params ?? []) expect(p.in).toBe('body');
  });

  it('leave an empty organisation out and trim what the server trims', () => {
    expect(aanvraagBody({ ...geldig, naam: ' A B ', email: ' a@example.org ', organisatie: '  ', gebruik: ' lang genoeg gebruik ' })).toEqual({
      naam: 'A B',
      email: 'a@example.org',
      gebruik: 'lang genoeg gebruik',
      tier: 'standard',
    });
    expect(aanvraagBody(geldig).organisatie).toBe('Testkantoor');
  });

  it('say which field is wrong and why, in Dutch', () => {
    expect(controleer({ ...geldig, gebruik: 'kort' })).toEqual({ gebruik: 'Beschrijf het gebruik in minstens 10 tekens (nu 4).' });
    expect(controleer({ ...geldig, email: 'a@b' }).email).toMatch(/geen geldig e-mailadres/);
    expect(controleer(geldig)).toEqual({});
  });
});

describe('the key shape and the waiting time', () => {
  it('use the server\'s key pattern', () => {
    expect(SLEUTEL_VORM.source).toBe(SLEUTEL_PATROON.source);
    expect(SLEUTEL_VORM.flags).toBe(SLEUTEL_PATROON.flags);
  });

  it('write Retry-After seconds as Dutch text', () => {
    expect(wachttijd(1)).toBe('1 seconde');
    expect(wachttijd(42)).toBe('42 seconden');
    expect(wachttijd(60)).toBe('1 minuut');
    expect(wachttijd(61)).toBe('2 minuten');
    expect(wachttijd(3600)).toBe('1 uur');
    expect(wachttijd(3661)).toBe('1 uur en 2 minuten');
  });
});
