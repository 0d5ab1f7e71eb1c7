// Daily clean-up of the rate-limit counters (lib/access/rate-limit.ts): every window that has ended is
// deleted, so rate_teller holds at most a day of hourly windows. 03:15 Amsterdam time: outside the DST
// transition hour and clear of the imports.
import { ruimOp } from '@/lib/access/rate-limit';
import { defineJob, JOB_TIMEZONE } from './job';

export const opruimenTellersJob = defineJob({
  id: 'opruimen-tellers',
  name: 'Opruimen van de tellers van de verzoeklimieten',
  version: '1',
  schedule: { cron: '15 3 * * *', timezone: JOB_TIMEZONE },
  description: 'Dagelijks om 03:15: verwijdert de tellers van afgelopen uurvensters uit rate_teller.',
  handler: async ({ db }) => {
    const n = await ruimOp(db);
    return { melding: `${n} tellers van afgelopen vensters verwijderd.` };
  },
});
