// Downloading a dataset's file from the address its (third-party) catalogue metadata names: an SSRF risk,
// so only http(s), no credentials in the URL, and only public addresses, checked on the URL (IP literals)
// and again inside the socket's own DNS look-up (lib/net/publiek-adres.ts: no rebinding window); every
// redirect is checked the same way. Loopback is allowed only with DATASET_LOKAAL=aan (tests and the demo,
// whose replay server runs on 127.0.0.1). The body is read as a stream with a byte cap and three time budgets
// (like the declared sources': the response headers, silence between chunks, the whole download); callers stop
// reading (and the download is aborted) once they have what they need. A body cut short is 'onvolledig'.
// Nothing is cached. Never logged: query strings and content.
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { adresPubliek, isLokaleHost, veiligeLookupMet } from '@/lib/net/publiek-adres';
import type { BronEntry } from '@/lib/sources/bron';
import { log } from '@/lib/log';

export const datasetLokaal = () => process.env.DATASET_LOKAAL === 'aan';
const veiligeLookup = veiligeLookupMet(datasetLokaal);

const MB = 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface DownloadLimits {
  /** Most bytes read from one file (DATASET_MAX_BYTES, default 25 MiB). */
  maxBytes: number;
  /** Time budget of one download, reading included (DATASET_TIMEOUT_MS, default 20 s). */
  timeoutMs: number;
  /** Time for the response headers to arrive (DATASET_EERSTE_BYTE_MS, default 5 s). */
  firstByteMs?: number;
  /** Longest silence between two chunks of the body (DATASET_STILTE_MS, default 10 s). */
  idleMs?: number;
}

/** The limits in force (environment overrides for tests and small machines). */
export function downloadLimits(): DownloadLimits {
  const num = (v: string | undefined, d: number) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Math.floor(Number(v)) : d);
  return {
    maxBytes: num(process.env.DATASET_MAX_BYTES, 25 * MB),
    timeoutMs: num(process.env.DATASET_TIMEOUT_MS, 20_000),
    firstByteMs: num(process.env.DATASET_EERSTE_BYTE_MS, 5000),
    idleMs: num(process.env.DATASET_STILTE_MS, 10_000),
  };
}

/** onvolledig: the file stopped before its end (fewer bytes than Content-Length, the connection closed mid-body, a last CSV row cut off). */
export type DownloadFoutsoort = 'geweigerd' | 'te_groot' | 'http' | 'timeout' | 'netwerk' | 'onleesbaar' | 'onvolledig' | 'afgebroken';

/** A failed or refused download; `reden` is a Dutch sentence fit for a problem detail (no query strings). */
export class DownloadError extends Error {
  constructor(
    readonly soort: DownloadFoutsoort,
    readonly reden: string,
    readonly httpStatus?: number,
  ) {
    super(reden);
    this.name = 'DownloadError';
  }
}

/** Why this service will not download from a URL (Dutch sentence), or null when it may. */
export function downloadBezwaar(tekst: string): string | null {
  let url: URL;
  try {
    url = new URL(tekst);
  } catch {
    return 'het adres is geen geldige URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `alleen http en https worden opgehaald, niet ${url.protocol.replace(/:$/, '')}.`;
  if (url.username || url.password) return 'het adres bevat een gebruikersnaam of wachtwoord.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLokaleHost(host)) return datasetLokaal() ? null : 'het adres wijst naar deze machine (localhost); dat is alleen toegestaan met DATASET_LOKAAL=aan.';
  if (/^[0-9.]+$|:/.test(host) && !adresPubliek(host, false)) return `het adres wijst naar een niet-openbaar netwerkadres (${host}).`;
  return null;
}

export interface Download {
  /** The address finally answered (after redirects). */
  url: URL;
  contentType: string | null;
  /** Content-Length when the server sent one. */
  contentLength: number | null;
  /** The body as bytes, capped at maxBytes (DownloadError 'te_groot' beyond it), within the time budget. */
  bytes: AsyncIterable<Uint8Array>;
  /** Bytes read so far. */
  gelezen(): number;
  /** Stops the download (idempotent); call when done, also after reading everything. */
  close(): void;
  /** The bronnen entry of this download (status ok), with the given licence and attribution. */
  bron(meta: { titel: string; licentie: string; attributie: string }): BronEntry;
}

/** Opens a download of `url` for streaming; throws DownloadError when refused or when the server does not answer 2xx. */
export async function openDownload(url: string, options: { signal?: AbortSignal; limits?: DownloadLimits } = {}): Promise<Download> {
  const limits = options.limits ?? downloadLimits();
  const started = performance.now();
  const controller = new AbortController();
  // Which budget ended the download (a Dutch phrase for the problem detail), null while none did.
  let timedOut: string | null = null;
  const expire = (reden: string) => {
    timedOut ??= reden;
    controller.abort();
  };
  const timer = setTimeout(() => expire(`gaf geen (volledig) antwoord binnen ${limits.timeoutMs / 1000} s`), limits.timeoutMs);
  let phaseTimer: ReturnType<typeof setTimeout> | undefined;
  const phase = (ms: number | undefined, reden: string) => {
    clearTimeout(phaseTimer);
    phaseTimer = ms && ms < limits.timeoutMs ? setTimeout(() => expire(reden), ms) : undefined;
  };
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const finish = () => {
    clearTimeout(timer);
    clearTimeout(phaseTimer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  };
  const classify = (err: unknown): DownloadError => {
    if (err instanceof DownloadError) return err;
    if (timedOut) return new DownloadError('timeout', timedOut);
    if (options.signal?.aborted) return new DownloadError('afgebroken', 'het verzoek is afgebroken');
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code === 'EADDRNOTPUBLIC') return new DownloadError('geweigerd', 'de hostnaam verwijst naar een niet-openbaar netwerkadres.');
    return new DownloadError('netwerk', 'was niet bereikbaar');
  };

  let current = new URL(url);
  try {
    for (let hop = 0; ; hop++) {
      const bezwaar = downloadBezwaar(current.toString());
      if (bezwaar) throw new DownloadError('geweigerd', bezwaar);
      phase(limits.firstByteMs, `gaf geen antwoord binnen ${(limits.firstByteMs ?? 0) / 1000} s (geen kopregels ontvangen)`);
      const res = await request(current, controller.signal);
      phase(undefined, '');
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new DownloadError('http', `verwees meer dan ${MAX_REDIRECTS} keer door`, status);
        current = new URL(location, current);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new DownloadError('http', `antwoordde met HTTP-status ${status}`, status);
      }
      const declared = Number(res.headers['content-length']);
      // Content-Length counts the bytes on the wire; with a content coding those are not the bytes read here.
      const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      const verwacht = res.headers['content-length'] !== undefined && Number.isInteger(declared) && (encoding === '' || encoding === 'identity') ? declared : null;
      let gelezen = 0;
      const finalUrl = current;
      const close = () => {
        res.destroy();
        finish();
      };
      async function* capped(): AsyncGenerator<Uint8Array> {
        const chunks = (res as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
        try {
          for (;;) {
            // The idle budget runs only while waiting for the network, not while the caller works on a chunk.
            phase(limits.idleMs, `viel langer dan ${(limits.idleMs ?? 0) / 1000} s stil midden in het bestand`);
            const next = await chunks.next();
            phase(undefined, '');
            if (next.done) break;
            const chunk = next.value;
            gelezen += chunk.length;
            if (gelezen > limits.maxBytes) throw new DownloadError('te_groot', `is groter dan ${formatBytes(limits.maxBytes)}`);
            yield chunk;
          }
          if (verwacht !== null && gelezen < verwacht) {
            throw new DownloadError('onvolledig', `gaf een onvolledig bestand: ${gelezen} van de aangekondigde ${verwacht} bytes`);
          }
        } catch (err) {
          // A read that fails by itself (not by the time budget or the caller) means the connection closed mid-file.
          if (!(err instanceof DownloadError) && !timedOut && !options.signal?.aborted) {
            throw new DownloadError('onvolledig', `brak de verbinding af midden in het bestand (na ${gelezen} bytes)`);
          }
          throw classify(err);
        } finally {
          close();
        }
      }
      return {
        url: finalUrl,
        contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
        contentLength: Number.isFinite(declared) && res.headers['content-length'] !== undefined ? declared : null,
        bytes: capped(),
        gelezen: () => gelezen,
        close,
        bron: (meta) => ({
          bron: 'dataset-bestand',
          titel: meta.titel,
          url: finalUrl.origin + finalUrl.pathname,
          licentie: meta.licentie,
          attributie: meta.attributie,
          status: 'ok',
          duur_ms: Math.round(performance.now() - started),
          opgehaald_op: new Date().toISOString(),
          cache: false,
          foutsoort: null,
          opname: replayLabel(res),
        }),
      };
    }
  } catch (err) {
    finish();
    const fout = classify(err);
    log('warn', 'dataset_download_mislukt', { host: current.host, soort: fout.soort, http_status: fout.httpStatus ?? null });
    throw fout;
  }
}

/** Reads a whole download into memory (within the cap) as text. */
export async function readAllText(download: Download): Promise<string> {
  if (download.contentLength !== null && download.contentLength > downloadLimits().maxBytes) {
    download.close();
    throw new DownloadError('te_groot', `is groter dan ${formatBytes(downloadLimits().maxBytes)}`);
  }
  const chunks: Uint8Array[] = [];
  for await (const c of download.bytes) chunks.push(c);
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks)).replace(/^\uFEFF/, '');
}

/** "25 MB" style size for problem details. */
export function formatBytes(n: number): string {
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} bytes`;
}

function request(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(url, {
      method: 'GET',
      headers: { Accept: 'text/csv, application/json;q=0.9, */*;q=0.5', 'User-Agent': 'nl-open-data-service/1.0' },
      lookup: veiligeLookup,
      agent: false,
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

function replayLabel(res: IncomingMessage): BronEntry['opname'] {
  const bestand = res.headers['x-replay-fixture'];
  if (typeof bestand !== 'string') return null;
  const soort = res.headers['x-replay-kind'] === 'opgenomen' ? 'opgenomen' : 'opgebouwd';
  return {
    bestand,
    soort,
    toelichting:
      soort === 'opgenomen'
        ? 'Antwoord van de lokale replay-server: een opgenomen echt bestand, niet live opgehaald.'
        : 'Antwoord van de lokale replay-server: voorbeeldbestand opgebouwd voor test en demo, geen echte gegevens.',
  };
}
