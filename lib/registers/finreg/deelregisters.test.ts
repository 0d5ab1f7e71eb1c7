// The sub-register list against DNB's own register list (test/fixtures/registers/dnb/api-records/registers.jsonl,
// real records of GET /api/publicregister/Registers): the 15 of type TheNetherlands, codes and names exactly.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEELREGISTERS, DEELREGISTER_CODES, deelregisterCode, deelregisterNaam } from './deelregisters';

const file = fileURLToPath(new URL('../../../test/fixtures/registers/dnb/api-records/registers.jsonl', import.meta.url));
const lijst = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { register_code: string; register_name: string; register_type: string });

describe('DEELREGISTERS', () => {
  it('are exactly the 15 Dutch registers of DNB’s register list, with their names', () => {
    const nl = lijst.filter((r) => r.register_type.endsWith('TheNetherlands'));
    expect(nl).toHaveLength(15);
    expect(DEELREGISTERS.map((d) => [d.code, d.omschrijving])).toEqual(nl.map((r) => [r.register_code, r.register_name]));
    expect(DEELREGISTERS.every((d) => d.herkomst === 'dnb-registerlijst')).toBe(true);
  });

  it('leave out the 5 Caribbean registers and the invented codes', () => {
    const cn = lijst.filter((r) => r.register_type.endsWith('DutchCaribbean')).map((r) => r.register_code);
    expect(cn).toHaveLength(5);
    for (const c of [...cn, 'WFTBH', 'WFTVB', 'WWFTC', 'WFTBK']) expect(DEELREGISTER_CODES).not.toContain(c);
  });

  it('map a Deelregister cell (the name, or the code) to the code', () => {
    expect(deelregisterCode('Banken')).toBe('WFTKF');
    expect(deelregisterCode('banken ')).toBe('WFTKF');
    expect(deelregisterCode('Actuariële organisaties')).toBe('PWACB');
    expect(deelregisterCode('Actuariele Organisaties')).toBe('PWACB');
    expect(deelregisterCode('Premiepensioen instellingen')).toBe('WFTPP');
    expect(deelregisterCode('wftkf')).toBe('WFTKF');
    expect(deelregisterCode('Kredietinstellingen - CN')).toBeNull();
    expect(deelregisterCode('')).toBeNull();
    expect(deelregisterNaam('WFTRI')).toBe('Rekeninginformatiedienstverleners');
  });
});
