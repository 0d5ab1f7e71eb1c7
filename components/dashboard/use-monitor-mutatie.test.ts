import { describe, expect, it } from 'vitest';
import { leestPad } from './use-monitor-mutatie';

const q = (...queryKey: unknown[]) => ({ queryKey });

describe('which monitor answers a mutation refreshes', () => {
  it('matches the path with or without parameters, and nothing else', () => {
    expect(leestPad(q('monitor', '/v1/distributiemonitor/alerts/volglijst?gebruiker_id=a', 'k'), '/alerts/volglijst')).toBe(true);
    expect(leestPad(q('monitor', '/v1/distributiemonitor/alerts/volglijst', null), '/alerts/volglijst')).toBe(true);
    expect(leestPad(q('monitor', '/v1/distributiemonitor/alerts/volglijstx', null), '/alerts/volglijst')).toBe(false);
    expect(leestPad(q('monitor', '/v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=a', 'k'), '/alerts/volglijst')).toBe(false);
    expect(leestPad(q('toegang', 'sleutel', 'k'), '/alerts/volglijst')).toBe(false);
  });
});
