// Loads the generated sample into every register that was never published (called by `npm start`
// before the server starts, because the embedded database admits one process at a time).
// VOORBEELDDATA=uit skips it.
import { closeDb, getDb } from '@/lib/db/client';
import { loadSampleIfEmpty } from '@/lib/registers/sample';

// A loader process without HTTP work: PGlite in this thread (see scripts/import.ts).
process.env.PGLITE_WORKER ??= 'uit';

async function main(): Promise<number> {
  if (process.env.VOORBEELDDATA === 'uit') return 0;
  try {
    const r = await loadSampleIfEmpty(getDb(), { log: (m) => console.log(`» ${m}`) });
    if (r.geladen.length) console.log(`» voorbeelddata (gegenereerd, geen officiële export) geladen in ${r.ms} ms: ${r.geladen.join(', ')}`);
    return 0;
  } catch (e) {
    console.error(`» voorbeelddata laden mislukt: ${(e as Error).message}`);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then((code) => process.exit(code));
