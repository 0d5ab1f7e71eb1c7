// The job schedules give the spec's cadences in Europe/Amsterdam time, also around the DST changes
// (2026-03-29: 02:00 CET → 03:00 CEST; 2026-10-25: 03:00 CEST → 02:00 CET).
import { describe, expect, it } from 'vitest';
import { ALL_JOBS, findJob } from './index';
import { importCharityJob } from './import-charity';
import { importFinregJob } from './import-finreg';
import { importFspJob } from './import-fsp';
import { importLeiJob } from './import-lei';
import { defineJob, JOB_TIMEZONE, nextRuns } from './job';

const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

// "ma 2026-10-26 06:00" in Amsterdam time.
function amsterdam(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday} ${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

describe('job definitions', () => {
  it('has one import job per register, the counter clean-up and the register clean-up, all in Europe/Amsterdam', () => {
    expect(ALL_JOBS.map((j) => j.id)).toEqual(['import-fsp', 'import-finreg', 'import-charity', 'import-lei', 'opruimen-tellers', 'opruimen-registers']);
    for (const j of ALL_JOBS) {
      expect(j.schedule.timezone).toBe(JOB_TIMEZONE);
      expect(j.version).toMatch(/^\d+$/);
      expect(j.description.length).toBeGreaterThan(20);
    }
    expect(findJob('lei')).toBe(importLeiJob);
    expect(findJob('import-charity')).toBe(importCharityJob);
    expect(findJob('bestaat-niet')).toBeUndefined();
  });

  it('refuses an invalid cron expression', () => {
    const base = { id: 'x', name: 'x', version: '1', description: 'x', handler: async () => ({}) };
    expect(() => defineJob({ ...base, schedule: { cron: '0 6 * *', timezone: JOB_TIMEZONE } })).toThrow(/vijf velden/);
    expect(() => defineJob({ ...base, schedule: { cron: '0 25 * * *', timezone: JOB_TIMEZONE } })).toThrow();
  });
});

describe('finreg: every working day at 06:00', () => {
  it('after Friday 2026-10-23 07:00 the next run is Monday 2026-10-26 06:00 (after the change to CET)', () => {
    const from = new Date('2026-10-23T05:00:00Z'); // Friday 07:00 CEST
    expect(amsterdam(from)).toBe('Fri 2026-10-23 07:00');
    const runs = nextRuns(importFinregJob.schedule, 3, from);
    expect(runs.map(amsterdam)).toEqual(['Mon 2026-10-26 06:00', 'Tue 2026-10-27 06:00', 'Wed 2026-10-28 06:00']);
    expect(iso(runs)[0]).toBe('2026-10-26T05:00:00.000Z'); // UTC+1 now
  });

  it('runs Monday to Friday at 06:00 local time on both sides of the spring change', () => {
    const runs = nextRuns(importFinregJob.schedule, 6, new Date('2026-03-25T12:00:00Z'));
    expect(runs.map(amsterdam)).toEqual([
      'Thu 2026-03-26 06:00',
      'Fri 2026-03-27 06:00',
      'Mon 2026-03-30 06:00',
      'Tue 2026-03-31 06:00',
      'Wed 2026-04-01 06:00',
      'Thu 2026-04-02 06:00',
    ]);
    expect(iso(runs).slice(0, 3)).toEqual(['2026-03-26T05:00:00.000Z', '2026-03-27T05:00:00.000Z', '2026-03-30T04:00:00.000Z']);
  });
});

describe('charity: weekly on Tuesday', () => {
  it('runs next Tuesday at 07:00 Amsterdam time, in CEST and in CET', () => {
    expect(nextRuns(importCharityJob.schedule, 3, new Date('2026-10-23T05:00:00Z')).map(amsterdam)).toEqual([
      'Tue 2026-10-27 07:00',
      'Tue 2026-11-03 07:00',
      'Tue 2026-11-10 07:00',
    ]);
    expect(iso(nextRuns(importCharityJob.schedule, 2, new Date('2026-10-19T12:00:00Z')))).toEqual([
      '2026-10-20T05:00:00.000Z', // CEST
      '2026-10-27T06:00:00.000Z', // CET
    ]);
    // On a Tuesday after 07:00: the next Tuesday.
    expect(nextRuns(importCharityJob.schedule, 1, new Date('2026-10-27T06:00:01Z')).map(amsterdam)).toEqual(['Tue 2026-11-03 07:00']);
  });
});

describe('fsp: daily', () => {
  it('runs every day at 05:00 Amsterdam time, also on the DST days', () => {
    const runs = nextRuns(importFspJob.schedule, 4, new Date('2026-10-23T12:00:00Z'));
    expect(runs.map(amsterdam)).toEqual(['Sat 2026-10-24 05:00', 'Sun 2026-10-25 05:00', 'Mon 2026-10-26 05:00', 'Tue 2026-10-27 05:00']);
    expect(nextRuns(importFspJob.schedule, 2, new Date('2026-03-28T12:00:00Z')).map(amsterdam)).toEqual(['Sun 2026-03-29 05:00', 'Mon 2026-03-30 05:00']);
  });
});

describe('lei: three times per day, shortly after each GLEIF publication (00:00, 08:00, 16:00 UTC)', () => {
  // Latest publication at or before `d`: publications are every 8 hours from 00:00 UTC.
  const lastPublication = (d: Date) => Math.floor(d.getTime() / (8 * 3600_000)) * 8 * 3600_000;

  it('runs at 02:30, 10:30 and 18:30 Amsterdam time: 30 minutes after a publication in summer, 90 in winter', () => {
    expect(iso(nextRuns(importLeiJob.schedule, 3, new Date('2026-07-01T00:00:00Z')))).toEqual([
      '2026-07-01T00:30:00.000Z',
      '2026-07-01T08:30:00.000Z',
      '2026-07-01T16:30:00.000Z',
    ]);
    expect(iso(nextRuns(importLeiJob.schedule, 3, new Date('2026-12-01T00:00:00Z')))).toEqual([
      '2026-12-01T01:30:00.000Z',
      '2026-12-01T09:30:00.000Z',
      '2026-12-01T17:30:00.000Z',
    ]);
  });

  it('runs once in the repeated hour of 25 October and after the gap on 29 March, still after the publication', () => {
    expect(iso(nextRuns(importLeiJob.schedule, 4, new Date('2026-10-24T12:00:00Z')))).toEqual([
      '2026-10-24T16:30:00.000Z',
      '2026-10-25T00:30:00.000Z', // 02:30 CEST, the first of the two 02:30s; not again at 02:30 CET
      '2026-10-25T09:30:00.000Z',
      '2026-10-25T17:30:00.000Z',
    ]);
    expect(iso(nextRuns(importLeiJob.schedule, 3, new Date('2026-03-28T12:00:00Z')))).toEqual([
      '2026-03-28T17:30:00.000Z',
      '2026-03-29T01:00:00.000Z', // 02:30 does not exist: 03:00 CEST
      '2026-03-29T08:30:00.000Z',
    ]);
  });

  it('over a whole year: three runs per Amsterdam day, each within 30-90 minutes after a publication', () => {
    const runs = nextRuns(importLeiJob.schedule, 3 * 365, new Date('2026-01-01T00:00:00Z'));
    expect(runs).toHaveLength(3 * 365);
    const perDay = new Map<string, number>();
    for (const r of runs) {
      const day = amsterdam(r).slice(4, 14);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const lagMin = (r.getTime() - lastPublication(r)) / 60_000;
      expect(lagMin).toBeGreaterThanOrEqual(30);
      expect(lagMin).toBeLessThanOrEqual(90);
    }
    expect([...perDay.values()].every((n) => n === 3)).toBe(true);
    // Every publication of the year is followed by exactly one run before the next publication.
    const pubs = new Set(runs.map(lastPublication));
    expect(pubs.size).toBe(runs.length);
  });
});
