// Types of scripts/http-problems.mjs.
type Code = 'bad_request' | 'invalid_parameter' | 'not_found' | 'method_not_allowed' | 'request_timeout' | 'headers_too_large';
export const API_VERSION: string;
export const serverProblems: Record<Code, { status: number; title: string }>;
export const ORIGINAL_METHOD_HEADER: string;
export const ROUTE_METHODS: string[];
export const ANY_PATH_ALLOW: string;
export function problemDocument(code: Code, detail: string, requestId?: string, extra?: Record<string, unknown>): Record<string, unknown>;
export interface ProblemAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export function problemAnswer(code: Code, detail: string, headers?: Record<string, string>, extra?: Record<string, unknown>): ProblemAnswer;
export const UNKNOWN_PARAMETER: string;
export const RESERVED_PARAMETER_NAMES: string[];
export function reservedKeysProblem(target: string): ProblemAnswer | null;
export function clientErrorProblem(errCode: string | undefined): { code: Code; detail: string };
export function requestLine(rawPacket: Buffer | undefined): { method: string; target: string } | null;
export function rawProblemResponse(code: Code, detail: string, headers?: Record<string, string>): string;
export const API_SECURITY_HEADERS: Record<string, string>;
export function frontProblem(target: string): ProblemAnswer | null;
export function pageRedirect(target: string): string | null;
