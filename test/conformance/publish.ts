// The registers' small example exports published and the monitor derived from them (also the set-up of
// lib/api/fuzz.test.ts), then the monitor's small test market on top: the data a test needs to reach every
// register and monitor operation with a 200.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFsp } from '@/lib/registers/fsp/import';
import { importCharity } from '@/lib/registers/charity/import';
import { importLei } from '@/lib/registers/lei/import';
import { importFinreg } from '@/lib/registers/finreg/import';
import { recomputeMonitor } from '@/lib/monitor/recompute';
import { getDb } from '@/lib/db/client';
import { kleineMarkt, type Kantoor } from '@/test/fixtures/monitor/markt';
import { publiceerMaanden } from '@/test/fixtures/monitor/publiceer';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REGISTERS = path.join(root, 'test/fixtures/registers');

/** Publishes the four registers' example exports and derives the monitor. */
export async function publishRegisters(): Promise<void> {
  const peildatum = new Date('2026-11-20T09:00:00.000Z');
  await importFsp({ file: path.join(REGISTERS, 'afm/wfd-extern-register-3.0_structure_opgebouwd.zip'), peildatum });
  await importFinreg({ file: path.join(REGISTERS, 'dnb/export'), peildatum });
  await importCharity({ file: path.join(REGISTERS, 'anbi/anbi-sample.zip') });
  await importLei({
    file: path.join(REGISTERS, 'gleif/ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv'),
    rr: path.join(REGISTERS, 'gleif/ft-gleifr_test-gleif-relationships_rr-cdf-1.1.csv'),
    peildatum: new Date('2019-06-20T08:00:00Z'),
  });
  await recomputeMonitor(getDb());
}

/** Offices of the small market (invented), one of them taken over by the head holding in the second month. */
const KANTOREN: Kantoor[] = [
  { id: 'e0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000010', naam: 'Groep Kantoor B.V.', kvk: '30000010', adres: 'Plein 10', postcode: '2511 CV', plaats: 'Den Haag' },
];

/**
 * After the example exports, two later monthly versions of the monitor's small test market (AFM and GLEIF in
 * their real formats): a head holding with offices, relations and changes between the versions, so that the
 * structure, relations, network and change operations have something to answer.
 */
export async function publishMarket(dir: string): Promise<void> {
  const { entiteiten, mei, juni } = kleineMarkt(KANTOREN, ['30000001']);
  await publiceerMaanden(dir, { kantoren: KANTOREN, entiteiten }, [['dec', mei, '2026-12-01'], ['jan', juni, '2027-01-01']] as const);
}
