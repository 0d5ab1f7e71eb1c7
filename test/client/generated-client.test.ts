// Issue 23's acceptance for client authors: a client generated from the OpenAPI document (openapi-typescript
// + openapi-fetch) compiles and calls every operation, reading `data` of each JSON success answer with no cast
// and no null check. The same check fails on a document where data is optional or a JSON body is a string.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '@/lib/api/openapi';
import { operations } from '@/lib/api/registry';
import { generateAndCheck } from './generated-client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));

describe('generated TypeScript client', () => {
  it('type-checks a call of every operation that reads data without cast or null check', () => {
    const r = generateAndCheck(buildOpenApi(operations) as never, tmp());
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
    expect(r.calls).toBe(operations.length);
  }, 120_000);

  it('fails when data is optional again or a JSON body is typed string', () => {
    const good = buildOpenApi(operations) as Json;
    const doc = structuredClone(good);
    const get = doc.paths['/addrreg/adressen'].get;
    get.responses['200'].content['application/json'].schema.allOf[1].required = [];
    doc.components.schemas.Envelope.required = doc.components.schemas.Envelope.required.filter((k: string) => k !== 'data');
    doc.paths['/toegang/aanvragen'].post.requestBody.content['application/json'].schema = { type: 'string' };
    // The caller sends and reads what the declarations say; only the generated types come from the broken document.
    const r = generateAndCheck(doc as never, tmp(), good as never);
    expect(r.status).not.toBe(0);
    const errors = r.output.split('\n').filter((l) => l.startsWith('caller.ts'));
    expect(errors).toHaveLength(2);
    expect(r.output).toContain('undefined');
  }, 120_000);
});
