// LEI register: follows the publisher. GLEIF publishes the golden copy three times a day, at 00:00, 08:00
// and 16:00 UTC. The schedule is read in Europe/Amsterdam time, which is UTC+1 in winter (CET) and UTC+2
// in summer (CEST), so no single Amsterdam time is a fixed distance from a UTC publication. 02:30, 10:30
// and 18:30 Amsterdam time are 00:30, 08:30, 16:30 UTC in summer (30 minutes after each publication) and
// 01:30, 09:30, 17:30 UTC in winter (90 minutes after): always after the publication, never more than
// 1.5 hours behind it. (An earlier Amsterdam hour, 01:30, would be 23:30 UTC in summer: before the
// 00:00 publication, so it would import the previous one again.)
// 02:30 falls in the DST transition hour: on the last Sunday of March it does not exist and the run starts
// at 03:00 CEST (01:00 UTC, still after the 00:00 publication); on the last Sunday of October it occurs
// twice and the job runs once, at the first (CEST) one, 00:30 UTC. See cronOf() in job.ts.
import { registerImportJob } from './register-import';

export const importLeiJob = registerImportJob({
  register: 'lei',
  titel: 'LEI-register (GLEIF golden copy)',
  cron: '30 2,10,18 * * *',
  version: '1',
  description:
    'Drie keer per dag, kort na elke publicatie van de GLEIF golden copy (00:00, 08:00, 16:00 UTC): ' +
    'vraagt de laatste publicatie op bij de golden-copy-API en importeert de LEI2- en RR-bestanden (XML, gezipt).',
});
