// GET /v1/toegang/sleutel ("wie ben ik") on a real database, per backend: the calling key's tier, prefix,
// owner, limit and dates, never the key, its hash or the e-mail address; 401 without a key and for a
// malformed, unknown or revoked key; the key request (POST /v1/toegang/aanvragen) and this check fit together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { hashSleutel, nieuweSleutel } from '@/lib/access/keys';
import { geefSleutelUit, leesSleutel, trekIn, zetLimiet } from '@/lib/access/store';
import { postgresMissing, useTestDatabase } from '@/test/db/test-database';
import { toegangAanvraag } from './aanvraag';
import { toegangSleutel } from './sleutel';

const SLOW = 120_000;

describe.each(['pglite', 'postgresql'] as const)('GET /v1/toegang/sleutel on %s', (kind) => {
  describe.skipIf(kind === 'postgresql' && !!postgresMissing)(kind, () => {
    useTestDatabase(kind, `nlods-sleutel-${kind}-`);
    // vitest.config.ts switches access off for unit tests; this file tests it.
    beforeAll(() => void (process.env.TOEGANG = 'aan'));
    afterAll(() => void (process.env.TOEGANG = 'uit'));

    const wieBenIk = async (headers: Record<string, string> = {}) => {
      const res = await route(toegangSleutel).GET(new Request('http://localhost/v1/toegang/sleutel', { headers }), { params: Promise.resolve({}) });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, any> };
    };

    it('answers 401 unauthorized without a key, and for a malformed, unknown or revoked one', { timeout: SLOW }, async () => {
      const zonder = await wieBenIk();
      expect(zonder.status).toBe(401);
      expect(zonder.headers.get('content-type')).toContain('application/problem+json');
      expect(zonder.body).toMatchObject({ status: 401, errorCode: 'unauthorized', title: 'Niet geautoriseerd' });
      expect(zonder.body.detail).toContain('X-Api-Key');
      expect(zonder.body.detail).toContain('/sleutel');

      expect((await wieBenIk({ 'X-Api-Key': 'geen-sleutel' })).body).toMatchObject({ status: 401, errorCode: 'unauthorized' });
      expect((await wieBenIk({ 'X-Api-Key': nieuweSleutel('standard').sleutel })).body).toMatchObject({ status: 401, errorCode: 'unauthorized' });

      const k = await geefSleutelUit(getDb(), 'standard', { naam: 'Ingetrokken', email: 'weg@example.org', gebruik: 'test' });
      expect((await wieBenIk({ 'X-Api-Key': k.sleutel })).status).toBe(200);
      expect(await trekIn(getDb(), k.prefix)).toBe(true);
      const na = await wieBenIk({ 'X-Api-Key': k.sleutel });
      expect(na.body).toMatchObject({ status: 401, errorCode: 'unauthorized' });
      expect(na.body.detail).toContain('ingetrokken');
    });

    it('describes the calling key without its secret, hash or e-mail address', { timeout: SLOW }, async () => {
      const k = await geefSleutelUit(getDb(), 'standard', { naam: 'Adviseur Test', email: 'geheim-adres@example.org', organisatie: 'Testkantoor', gebruik: 'Marktanalyse' });
      const r = await wieBenIk({ 'X-Api-Key': k.sleutel });
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.body).toMatchObject({ api: 'toegang', onderdeel: 'sleutel', bronnen: [{ bron: 'eigen-dienst', titel: 'Toegang: API-sleutels' }] });
      expect(r.body.data).toEqual({
        tier: 'standard',
        prefix: k.prefix,
        naam: 'Adviseur Test',
        organisatie: 'Testkantoor',
        limiet_per_uur: 1000,
        eigen_limiet: false,
        rechten: { volledige_historie: true, csv: true, webhooks_toegestaan: false },
        aangemaakt_op: k.aangemaakt_op,
        laatst_gebruikt_op: expect.toBeOneOf([null, expect.any(String)]),
      });
      expect(() => toegangSleutel.response!.parse(r.body.data)).not.toThrow();
      expect(r.text).not.toContain(k.sleutel.slice(15)); // the secret part
      expect(r.text).not.toContain(hashSleutel(k.sleutel));
      expect(r.text).not.toContain('geheim-adres');
      // The rate-limit headers of the wrapper (the generous per-address limit outside the monitor).
      expect(r.headers.get('RateLimit-Limit')).not.toBeNull();

      // Authorization: Bearer works the same; the last use is the stored one (the wrapper records it at most once a
      // minute per process and key id, so it is set here rather than waited for).
      await getDb().$executeRaw`UPDATE api_sleutel SET laatst_gebruikt_op = '2026-01-02T03:04:05Z' WHERE id = ${k.id}`;
      const b = await wieBenIk({ Authorization: `Bearer ${k.sleutel}` });
      expect(b.body.data).toMatchObject({ prefix: k.prefix, laatst_gebruikt_op: '2026-01-02T03:04:05.000Z' });
    });

    it('shows an enterprise key its own limit and rights', { timeout: SLOW }, async () => {
      const k = await geefSleutelUit(getDb(), 'enterprise', { naam: 'Groot Kantoor', email: 'g@example.org', gebruik: 'bulk' }, 25_000);
      const r = await wieBenIk({ 'X-Api-Key': k.sleutel });
      expect(r.body.data).toMatchObject({ tier: 'enterprise', organisatie: null, limiet_per_uur: 25_000, eigen_limiet: true, rechten: { webhooks_toegestaan: true } });
      // Back to the tier's default (the wrapper's cache is cleared by zetLimiet).
      expect(await zetLimiet(getDb(), k.prefix, null)).toBe(true);
      expect((await wieBenIk({ 'X-Api-Key': k.sleutel })).body.data).toMatchObject({ limiet_per_uur: 10_000, eigen_limiet: false });
    });

    it('recognises the key that the key request issued', { timeout: SLOW }, async () => {
      const res = await route(toegangAanvraag).POST(
        new Request('http://localhost/v1/toegang/aanvragen', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.80' },
          body: JSON.stringify({ naam: 'Nieuwe Gebruiker', email: 'nieuw@example.org', gebruik: 'Kijken naar de markt', tier: 'standard' }),
        }),
        { params: Promise.resolve({}) },
      );
      const uit = ((await res.json()) as { data: { sleutel: string; prefix: string } }).data;
      const r = await wieBenIk({ 'X-Api-Key': uit.sleutel });
      expect(r.body.data).toMatchObject({ tier: 'standard', prefix: uit.prefix, naam: 'Nieuwe Gebruiker', organisatie: null });
    });

    it('leesSleutel reads nothing for an id that does not exist', { timeout: SLOW }, async () => {
      expect(await leesSleutel(getDb(), 987_654)).toBeNull();
    });
  });
});
