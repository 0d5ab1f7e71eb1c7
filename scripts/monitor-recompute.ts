// CLI: recomputes the distribution monitor from the published registers (normally done after every
// import of fsp, lei or finreg). Writes a new dataset_versie only when the published imports changed.
//
//   npm run monitor:herbereken
//
// `npm start` runs it when the monitor has no version yet; replicas started together on one PostgreSQL
// database take turns (advisory lock 'monitor-herberekening', lib/db/once.mjs): the first derives and
// publishes, the next derive nothing (the version for these inputs exists).
import { closeDb, databaseKind, getDb, openDb } from '@/lib/db/client';
import { onceForDatabase } from '@/lib/db/once.mjs';
import { recomputeMonitor } from '@/lib/monitor/recompute';

process.env.PGLITE_WORKER ??= 'uit';

async function main(): Promise<number> {
  try {
    await openDb();
  } catch (e) {
    const err = e as Error & { code?: string };
    process.stderr.write(err.code === 'PGLITE_LOCKED' ? `Herberekening geweigerd: ${err.message}\n` : `Database niet te openen: ${err.message}\n`);
    return 3;
  }
  try {
    process.stderr.write(`distributiemonitor: herberekening op ${databaseKind()}\n`);
    const once = await onceForDatabase('monitor-herberekening', () => recomputeMonitor(getDb(), { log: (m) => process.stderr.write(`${m}\n`) }), {
      onWait: () => process.stderr.write('distributiemonitor: een ander proces herberekent; wachten …\n'),
    });
    if (!once.ran) return 0;
    const r = once.value;
    if (r.versie_id === null) {
      process.stdout.write(
        r.reden === 'geen_fsp'
          ? 'Geen versie: het AFM-register (fsp) is nog niet gepubliceerd.\n'
          : r.reden === 'ingehaald'
            ? 'Geen versie: intussen is een nieuwere registerversie gepubliceerd.\n'
            : 'Geen nieuwe versie: de gepubliceerde registers zijn ongewijzigd.\n',
      );
    } else {
      process.stdout.write(`Datasetversie ${r.versie_id} (peildatum ${r.peildatum}): ${r.wijzigingen} wijzigingen ${JSON.stringify(r.samenvatting)} in ${(r.ms / 1000).toFixed(1)} s\n`);
    }
    return 0;
  } catch (e) {
    process.stderr.write(`Herberekening mislukt: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then((code) => process.exit(code));
