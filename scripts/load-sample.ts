// The first-start work of `npm start` (called before the server starts, because the embedded database
// admits one process at a time):
// - loads the generated sample into every register that was never published: monthly versions of fsp and
//   lei (VOORBEELDDATA_MAANDEN, default 6), charity and finreg once, each month followed by a recompute of
//   the distribution monitor (so it starts with six versions of history). VOORBEELDDATA=uit skips it;
// - then, when the monitor still has no version (a database from before the monitor, or VOORBEELDDATA=uit
//   with published registers), its first recompute.
//
// Once for the whole database: several processes started together on one PostgreSQL database (replicas
// of `npm start`) each see "never published" and start this script; the advisory lock 'eerste-start'
// (lib/db/once.mjs) lets one do the work while the others wait, and what is to do is decided INSIDE the
// lock (loadSampleIfEmpty re-reads what is published, the monitor's versions are counted there), so the
// others find it done and leave it alone.
import { closeDb, getDb } from '@/lib/db/client';
import { onceForDatabase } from '@/lib/db/once.mjs';
import { recomputeMonitor } from '@/lib/monitor/recompute';
import { loadSampleIfEmpty, SAMPLE_MAANDEN } from '@/lib/registers/sample';

// A loader process without HTTP work: PGlite in this thread (see scripts/import.ts).
process.env.PGLITE_WORKER ??= 'uit';

async function loadSample(): Promise<void> {
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
  else console.log('» voorbeelddata: alle registers zijn al gepubliceerd (bijvoorbeeld door een ander proces dat tegelijk startte), niets te laden');
}

async function firstRecompute(): Promise<void> {
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM dataset_versie`;
  if (n > 0) return;
  console.log('» distributiemonitor: eerste herberekening …');
  const v = await recomputeMonitor(getDb());
  if (v.versie_id) console.log(`» distributiemonitor: datasetversie ${v.versie_id} (${v.peildatum}), ${v.wijzigingen} wijzigingen`);
}

async function main(): Promise<number> {
  let stap = 'voorbeelddata laden';
  try {
    await onceForDatabase(
      'eerste-start',
      async () => {
        if (process.env.VOORBEELDDATA !== 'uit') await loadSample();
        stap = 'eerste herberekening van de distributiemonitor';
        await firstRecompute();
      },
      { onWait: () => console.log('» een ander proces doet de eerste start van deze database (voorbeelddata); wachten tot het klaar is …') },
    );
    return 0;
  } catch (e) {
    console.error(`» ${stap} mislukt: ${(e as Error).message}`);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then((code) => process.exit(code));
