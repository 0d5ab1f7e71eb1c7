// Charity register (ANBI, Belastingdienst): weekly, on Tuesday (the spec's cadence). 07:00 Amsterdam time:
// outside the DST transition hour and after the working-day import of finreg at 06:00. The peildatum
// comes from the file itself (the header's aanmaakDatum).
import { registerImportJob } from './register-import';

export const importCharityJob = registerImportJob({
  register: 'charity',
  titel: 'ANBI-register (Belastingdienst)',
  cron: '0 7 * * 2',
  version: '1',
  description: 'Wekelijks op dinsdag om 07:00: downloadt anbi.zip van de Belastingdienst en importeert het ANBI-register.',
});
