// Loads the generated sample into every register that was never published (called by `npm start`
// before the server starts, because the embedded database admits one process at a time): monthly
// versions of fsp and lei (VOORBEELDDATA_MAANDEN, default 6), charity and finreg once, each month followed by
// a recompute of the distribution monitor (so it starts with six versions of history).
// VOORBEELDDATA=uit skips it.
import { closeDb, getDb } from '@/lib/db/client';
import { recomputeMonitor } from '@/lib/monitor/recompute';
import { loadSampleIfEmpty, SAMPLE_MAANDEN } from '@/lib/registers/sample';

// A loader process without HTTP work: PGlite in this thread (see scripts/import.ts).
process.env.PGLITE_WORKER ??= 'uit';

async function main(): Promise<number> {
  if (process.env.VOORBEELDDATA === 'uit') return 0;
  try {
    const env = process.env.VOORBEELDDATA_MAANDEN;
    const maanden = env ? Number(env) : SAMPLE_MAANDEN;
    if (!Number.isSafeInteger(maanden) || maanden < 1 || maanden > 24) throw new Error(`VOORBEELDDATA_MAANDEN moet 1–24 zijn, niet ${JSON.stringify(env)}`);
    // After each month's registers: the distribution monitor's version of that month.
    const naMaand = async ({ maand, peildatum }: { maand: number; peildatum: string }) => {
      const v = await recomputeMonitor(getDb());
      if (v.versie_id) console.log(`» distributiemonitor: maand ${maand} (${peildatum}) → datasetversie ${v.versie_id}, ${v.wijzigingen} wijzigingen`);
    };
    const r = await loadSampleIfEmpty(getDb(), { maanden, log: (m) => console.log(`» ${m}`), naMaand });
    if (r.geladen.length)
      console.log(`» voorbeelddata (gegenereerd, geen officiële export) geladen in ${r.ms} ms: ${r.geladen.join(', ')} (${r.maanden} maand(en))`);
    return 0;
  } catch (e) {
    console.error(`» voorbeelddata laden mislukt: ${(e as Error).message}`);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then((code) => process.exit(code));
