import { openDb, closeDb } from '@/lib/db/client';
import { importLei } from '@/lib/registers/lei/import';
const [file, rr] = process.argv.slice(2);
(async () => { process.env.LOG_LEVEL='silent'; const db = await openDb(); const t = performance.now(); const r = await importLei({ file, rr, db }); console.log(Math.round(performance.now() - t), r.importId); await closeDb(); })();
