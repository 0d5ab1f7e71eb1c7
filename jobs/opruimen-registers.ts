// Daily clean-up of the registers' staging rows: an import killed halfway (kill -9, a crash, a stopped
// container) leaves its rows in the data tables under an import id that is never published. The next
// import of that register removes them when it starts; this job does it also when no import follows soon
// (lib/registers/common/publish.ts cleanupAbandoned), and VACUUMs the tables it deleted from so the data
// directory stays proportional to the data. A running import is left alone. 03:45 Amsterdam time: after
// the counter clean-up, clear of the imports and outside the DST transition hour.
import { cleanupAbandoned } from '@/lib/registers/common/publish';
import { IMPORTERS } from '@/lib/registers/importers';
import { defineJob, JOB_TIMEZONE } from './job';

export const opruimenRegistersJob = defineJob({
  id: 'opruimen-registers',
  name: 'Opruimen van afgebroken register-imports',
  version: '1',
  schedule: { cron: '45 3 * * *', timezone: JOB_TIMEZONE },
  description:
    'Dagelijks om 03:45: markeert afgebroken imports als mislukt, verwijdert de rijen van imports die niet (meer) gepubliceerd zijn en ruimt de tabellen op (VACUUM).',
  handler: async ({ db }) => {
    const parts: string[] = [];
    for (const imp of Object.values(IMPORTERS)) {
      const n = await cleanupAbandoned(db, imp.id, [...imp.tabellen]);
      parts.push(`${imp.id} ${n.toLocaleString('nl-NL')}`);
    }
    return { melding: `Rijen van afgebroken of niet gepubliceerde imports verwijderd: ${parts.join(', ')}.` };
  },
});
