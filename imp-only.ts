import { importFsp } from '@/lib/registers/fsp/import';
import { closeDb, getDb } from '@/lib/db/client';
(async () => {
  let peak = 0; const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  await getDb().$queryRaw`SELECT 1`;
  console.log('after open: rss', Math.round(process.memoryUsage().rss / 1e6), 'peak', Math.round(peak / 1e6));
  const r = await importFsp({ file: process.argv[2] });
  clearInterval(t);
  console.log(r.ms, 'ms; peak rss', Math.round(peak / 1e6), 'MB', 'heap', Math.round(process.memoryUsage().heapUsed/1e6));
  await closeDb();
})();
