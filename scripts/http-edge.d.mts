// Types of scripts/http-edge.mjs.
import type { IncomingMessage, ServerResponse } from 'node:http';
export const STATIC_DOCUMENTS: Set<string>;
export function isStaticDocument(pathname: string): boolean;
export const THRESHOLD_BYTES: number;
export function chooseEncoding(acceptEncoding: string | undefined | null): 'br' | 'gzip' | null;
export function isHttps(req: { socket?: { encrypted?: boolean }; headers: Record<string, string | string[] | undefined> }, hops: number): boolean;
export function securityHeaders(contentType: unknown, https: boolean, api?: boolean): Record<string, string>;
export const PAGE_CACHE_CONTROL: string;
export function pageCacheControl<T>(pathname: string, given: T): T | string;
export function varyFor(pathname: string, given: string | string[] | number | undefined): string | string[] | number | undefined;
export function documentKey(pathname: string, etag: unknown, body: Uint8Array): string;
export function weakened<T>(etag: T | T[]): T;
export function serveWithEdge(req: IncomingMessage, res: ServerResponse, handle: () => void, options: { hops: number }): void;
export function warmStaticDocuments(host: string, port: number): Promise<void>;
