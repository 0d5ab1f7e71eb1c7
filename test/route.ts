// Calling an operation through its route wrapper in a service test, as Next.js would (validation, envelope,
// headers, problems), without a server.
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';

/** GET `url` (path and query) through the wrapper of `op`; the status and the parsed JSON body. */
export async function getJson(op: Operation, url: string, params: Record<string, string> = {}) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
