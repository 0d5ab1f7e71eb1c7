// Counters and a bounded problem list shared by the register parsers (charity, finreg, fsp).
// A parser never throws on one bad record: it counts it here, with a line number and a reason.

export interface ParseProblem {
  /** 1-based line where the record starts (physical line in the file). */
  line: number;
  /** Short machine code, e.g. 'rsin_ongeldig', 'geen_id', 'kolommen_aantal'. */
  code: string;
  /** Human text (never contains whole records, only the offending value). */
  message: string;
  /** true when the record was dropped, false when it was kept with the value cleared. */
  skipped: boolean;
}

export interface ParseStatsSnapshot {
  read: number;
  yielded: number;
  skipped: number;
  skippedByReason: Record<string, number>;
  warnings: number;
  warningsByCode: Record<string, number>;
  problems: ParseProblem[];
  /** true when more problems occurred than were kept. */
  problemsTruncated: boolean;
  bytes: number;
  encoding: string | null;
  notices: string[];
}

export const DEFAULT_MAX_PROBLEMS = 200;

export class ParseStats {
  read = 0;
  yielded = 0;
  skipped = 0;
  warnings = 0;
  bytes = 0;
  encoding: string | null = null;
  readonly skippedByReason: Record<string, number> = {};
  readonly warningsByCode: Record<string, number> = {};
  readonly problems: ParseProblem[] = [];
  readonly notices: string[] = [];
  problemsTruncated = false;

  constructor(private readonly maxProblems = DEFAULT_MAX_PROBLEMS) {}

  private keep(p: ParseProblem): void {
    if (this.problems.length < this.maxProblems) this.problems.push(p);
    else this.problemsTruncated = true;
  }

  /** A record dropped entirely. */
  skip(line: number, code: string, message: string): void {
    this.skipped++;
    this.skippedByReason[code] = (this.skippedByReason[code] ?? 0) + 1;
    this.keep({ line, code, message, skipped: true });
  }

  /** A record kept, one value cleared or repaired. */
  warn(line: number, code: string, message: string): void {
    this.warnings++;
    this.warningsByCode[code] = (this.warningsByCode[code] ?? 0) + 1;
    this.keep({ line, code, message, skipped: false });
  }

  /** A file-level remark reported once (e.g. unknown columns). */
  notice(text: string): void {
    if (!this.notices.includes(text)) this.notices.push(text);
  }

  snapshot(): ParseStatsSnapshot {
    return {
      read: this.read,
      yielded: this.yielded,
      skipped: this.skipped,
      skippedByReason: { ...this.skippedByReason },
      warnings: this.warnings,
      warningsByCode: { ...this.warningsByCode },
      problems: [...this.problems],
      problemsTruncated: this.problemsTruncated,
      bytes: this.bytes,
      encoding: this.encoding,
      notices: [...this.notices],
    };
  }
}

/** What every parser returns: iterate it once for the records; `stats` is live and final after iteration. */
export interface ParseRun<T> extends AsyncIterable<T> {
  readonly stats: ParseStats;
}
