// Every scheduled job, in the order they are listed (status, worker log).
import type { JobDefinition } from './job';
import { importCharityJob } from './import-charity';
import { importFinregJob } from './import-finreg';
import { importFspJob } from './import-fsp';
import { importLeiJob } from './import-lei';
import { opruimenRegistersJob } from './opruimen-registers';
import { opruimenTellersJob } from './opruimen-tellers';

export const ALL_JOBS: readonly JobDefinition[] = [importFspJob, importFinregJob, importCharityJob, importLeiJob, opruimenTellersJob, opruimenRegistersJob];

/** A job by id, or by register name (lei → import-lei). */
export function findJob(idOrRegister: string): JobDefinition | undefined {
  return ALL_JOBS.find((j) => j.id === idOrRegister || j.id === `import-${idOrRegister}`);
}
