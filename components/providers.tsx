'use client';
// Client-side providers for every page: one react-query client (pages read the /v1 API through it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiProblem } from '@/lib/client/api';

/** One retry for a network or server failure; none for a 4xx (asking again gives the same answer, and a 429 only uses budget). */
const nogEens = (n: number, e: unknown) => !(e instanceof ApiProblem && e.status >= 400 && e.status < 500) && n < 1;

/** Wraps the app in a QueryClientProvider created once per browser session. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: nogEens, staleTime: 60_000, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
