// The inputs of the report operations, from the modules that own them: the zero-measurement reader
// (lib/verduurzaming/nulmeting) and the property service (lib/verduurzaming/pand). This is the one place
// the report wires to them. The property data is requested first and the upload is parsed while those
// calls are in flight; a bad file stops the property calls. Nothing of the upload is kept or logged.
import { Problem } from '@/lib/api/problems';
import { log } from '@/lib/log';
import { ownServiceBron, type BronEntry } from '@/lib/sources/bron';
import { leesNulmeting } from '@/lib/verduurzaming/nulmeting';
import { getPand } from '@/lib/verduurzaming/pand';
import type { Nulmeting } from '../types';
import { rapportBasis, type RapportBasis } from './report';

export { leesNulmeting, getPand };

export interface RapportVraag {
  postcode: string;
  huisnummer: number;
  toevoeging?: string | null;
}

/** Parses the upload and fetches the property object in parallel; the common part of both reports. */
export async function rapportInvoer(vraag: RapportVraag, body: string | null, signal: AbortSignal): Promise<{ basis: RapportBasis; bronnen: BronEntry[] }> {
  if (body === null) throw new Problem('bad_request', { detail: 'De inhoud van het verzoek is leeg.' });
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const pandCall = getPand(vraag.postcode, vraag.huisnummer, vraag.toevoeging, controller.signal);
    pandCall.catch(() => undefined); // awaited below; this only keeps an early parse failure from leaving it unhandled
    const started = performance.now();
    let nulmeting: Nulmeting;
    try {
      nulmeting = leesVeilig(body);
    } catch (err) {
      controller.abort();
      throw err;
    }
    const leesduur = Math.round(performance.now() - started);
    const pand = await pandCall;
    return {
      basis: rapportBasis(nulmeting, pand.data, vraag),
      bronnen: [...pand.bronnen, { ...ownServiceBron('Geüpload energieprestatiebestand'), duur_ms: leesduur }],
    };
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** The reader's Problems pass; anything else is logged by error name only (a message may quote the upload). */
function leesVeilig(body: string): Nulmeting {
  try {
    return leesNulmeting(body);
  } catch (err) {
    if (err instanceof Problem) throw err;
    log('error', 'rapport_nulmeting_onverwachte_fout', { fout: err instanceof Error ? err.name : typeof err });
    throw new Problem('internal_error', { detail: 'Het bestand kon door een interne fout niet worden gelezen. Er is niets opgeslagen.' });
  }
}
