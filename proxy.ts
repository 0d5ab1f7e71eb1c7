// Runs before routing for /v1 paths: a path that cannot be percent-decoded (for example "/v1/%") would
// otherwise reach Next.js's router and come back as a plain-text 500; answer it as a 400 problem instead.
import { NextResponse, type NextRequest } from 'next/server';
import { Problem } from '@/lib/api/problems';
import { problemResponse } from '@/lib/api/respond';

/** Lets well-formed /v1 paths through; answers a malformed percent-encoding with a 400 problem. */
export function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
    return NextResponse.next();
  } catch {
    const problem = new Problem('bad_request', { detail: 'Het pad bevat een ongeldige procentcodering (bijvoorbeeld een losse %).' });
    return problemResponse(problem, crypto.randomUUID());
  }
}

export const config = { matcher: '/v1/:path*' };
