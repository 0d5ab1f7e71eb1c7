// Financial-service-provider register (AFM): daily (the spec's cadence). 05:00 Amsterdam time: outside
// the DST transition hour (02:00-03:00), before the working day, and an hour before the finreg import so
// the two large imports do not overlap. Scheduled once the register has an importer in the registry
// (lib/registers/importers.ts); until then the job is listed but not run.
import { registerImportJob } from './register-import';

export const importFspJob = registerImportJob({
  register: 'fsp',
  titel: 'Register financiële dienstverleners (AFM)',
  cron: '0 5 * * *',
  version: '1',
  description: 'Dagelijks om 05:00: downloadt de export van het AFM-register en importeert het register financiële dienstverleners.',
});
