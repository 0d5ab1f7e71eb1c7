// A file that must not be published: incomplete (a cut LEI-CDF file, a ZIP without its central directory),
// implausible next to the published version (far fewer records, none, an older or equal peildatum, the same
// file again), or of a kind that may not replace what is served (an AFM names-only list over a full export).
// An importer throws ImportRefused; the import is then recorded as `geweigerd` with `reden` (not `mislukt`:
// nothing broke, the file was judged), its staging rows are removed and the published version keeps serving.
// `npm run import -- <register> --forceer` overrides the plausibility checks on purpose, never the
// completeness checks (a cut file is never published).

export type RefusalKind = 'onvolledig' | 'onaannemelijk' | 'soort';

export class ImportRefused extends Error {
  readonly reden: string;
  readonly soort: RefusalKind;
  constructor(reden: string, soort: RefusalKind) {
    super(reden);
    this.name = 'ImportRefused';
    this.reden = reden;
    this.soort = soort;
  }
}

export function isImportRefused(e: unknown): e is ImportRefused {
  return e instanceof ImportRefused;
}
