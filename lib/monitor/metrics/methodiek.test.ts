// The registry: every metric present once, plain JSON, numbers taken from the modules.
import { describe, expect, it } from 'vitest';
import { GEWICHTEN, INTERCEPT } from './kansmodel';
import { KENGETALLEN } from './kengetallen';
import { METHODIEK, methodiek } from './methodiek';
import { DOELWIT_SIGNALEN } from './radar';

describe('methodiek', () => {
  it('lists every metric once: 3 radar + kansmodel + benchmark + 5 hypotheek + 16 kengetallen', () => {
    const ids = METHODIEK.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 10)).toEqual([
      'radar.consolidatoren',
      'radar.doelwitten',
      'radar.marktbeweging',
      'kansmodel',
      'benchmark',
      'hypotheek.kern',
      'hypotheek.voorraad',
      'hypotheek.cohorten',
      'hypotheek.spreiding',
      'hypotheek.concentratie',
    ]);
    expect(ids.slice(10)).toEqual(KENGETALLEN.map((k) => `kengetal.${k.naam}`));
    expect(ids).toHaveLength(26);
  });

  it('carries the weights and points of the modules and a limitation for every metric', () => {
    const k = METHODIEK.find((m) => m.id === 'kansmodel')!;
    expect(k.gewichten).toEqual(GEWICHTEN);
    expect(k.intercept).toBe(INTERCEPT);
    expect(METHODIEK.find((m) => m.id === 'radar.doelwitten')!.signalen).toEqual(DOELWIT_SIGNALEN);
    expect(METHODIEK.every((m) => m.titel && m.formule && m.invoer.length > 0 && m.beperkingen.length > 0)).toBe(true);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(methodiek()))).toEqual(methodiek());
  });
});
