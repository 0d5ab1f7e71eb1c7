// Financial-institutions register (DNB public register): every working day at 06:00 Amsterdam time (the
// spec's cadence), Monday to Friday. Dutch public holidays are not left out: a cron expression cannot
// name them, and importing on a holiday only reimports an unchanged register. Scheduled once the register
// has an importer in the registry (lib/registers/importers.ts); until then the job is listed but not run.
import { registerImportJob } from './register-import';

export const importFinregJob = registerImportJob({
  register: 'finreg',
  titel: 'Register financiële instellingen (DNB)',
  cron: '0 6 * * 1-5',
  version: '1',
  description: 'Elke werkdag (maandag t/m vrijdag) om 06:00: downloadt de 15 deelregisters van het DNB-register en importeert ze.',
});
