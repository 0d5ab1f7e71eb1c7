// Every declared source is documented in docs/configuratie.md with its override variable and real endpoint,
// has a unique id and env var, and defaults to an https public endpoint.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sources } from './registry';

const readme = fs.readFileSync(path.resolve(__dirname, '../../docs/configuratie.md'), 'utf8');

describe('source registry', () => {
  it.each(sources.map((s) => [s.id, s] as const))('%s is listed in docs/configuratie.md with its variable and default URL', (_id, s) => {
    const row = readme.split('\n').find((l) => l.includes(`\`${s.envVar}\``));
    expect(row, `docs/configuratie.md lacks ${s.envVar}`).toBeDefined();
    expect(row).toContain(s.defaultBaseUrl);
  });

  it('has unique ids and variables following BRON_<NAAM>_URL', () => {
    expect(new Set(sources.map((s) => s.id)).size).toBe(sources.length);
    for (const s of sources) {
      expect(s.envVar).toBe(`BRON_${s.id.toUpperCase().replace(/-/g, '_')}_URL`);
      expect(s.defaultBaseUrl).toMatch(/^https:\/\//);
    }
  });
});
