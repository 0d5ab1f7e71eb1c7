import { describe, expect, it } from 'vitest';
import { bovengrens, eigenTekst } from './benchmark';
import { normaalPostcode, zoeksoort } from './vestiging-zoeker';

describe('benchmark helpers', () => {
  it('rounds the axis end up to a readable number that holds the largest value', () => {
    expect(bovengrens(0)).toBe(1);
    expect(bovengrens(6)).toBe(6);
    expect(bovengrens(7.3)).toBe(8);
    expect(bovengrens(20.9)).toBe(25);
    expect(bovengrens(23)).toBe(25);
    expect(bovengrens(131)).toBe(150);
  });

  it('writes the own position the Dutch way', () => {
    expect(eigenTekst(5, 89.6)).toBe('5 · percentiel 89,6');
    expect(eigenTekst(3.1, null)).toBe('3,1 · percentiel –');
  });

  it('tells a vestiging_id, KvK number, postcode and a name apart', () => {
    expect(zoeksoort('')).toBe('leeg');
    expect(zoeksoort('a')).toBe('kort');
    expect(zoeksoort('VXKS4CSBWXW')).toBe('id');
    expect(zoeksoort('vxks4csbwxw')).toBe('id');
    expect(zoeksoort('69064401')).toBe('kvk');
    expect(zoeksoort('2629 PH')).toBe('postcode');
    expect(zoeksoort('2629ph')).toBe('postcode');
    expect(zoeksoort('Van Rijn')).toBe('naam');
    expect(normaalPostcode('2629ph')).toBe('2629 PH');
  });
});
