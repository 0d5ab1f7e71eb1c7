// POST /v1/verduurzaming/nulmeting: the zero-measurement read from an uploaded energy-performance XML
// file. The file is parsed in memory and forgotten: nothing is stored, no upload content is logged (not
// even on errors), no external source is called.
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { log } from '@/lib/log';
import { ownServiceBron } from '@/lib/sources/bron';
import { MAX_XML_BYTES, XML_CONTENT_TYPES } from '@/lib/verduurzaming/limits';
import { leesNulmeting } from '@/lib/verduurzaming/nulmeting';
import { nulmetingSchema } from '@/lib/verduurzaming/types';

export const verduurzamingNulmeting = operation({
  id: 'verduurzaming-nulmeting',
  method: 'POST',
  path: '/v1/verduurzaming/nulmeting',
  api: 'verduurzaming',
  bronType: 'eigen-dienst',
  summary: 'Nulmeting uit een geüpload energieprestatiebestand (XML)',
  description:
    'Leest uit een EP-Online-monitoringsbestand (v4.4, v4.0, 2019), een maatwerkadvies (v2.0, v1.0) of, naar beste kunnen, ' +
    'een NTA 8800-export of een oud labelbestand met energie-index: de huidige energieklasse, de energie-index of EP2, het adres ' +
    '(postcode, huisnummer, huisletter, toevoeging, BAG-verblijfsobject-id), de opnamedatum en de maatregelen met doellabel, ' +
    'doel-EP2 en investering. De labelsprong wordt alleen afgeleid uit de doelwaarden in het bestand (niet herberekend). ' +
    'Namespaces en voorvoegsels maken niet uit; herkend en niet_herkend zeggen welke velden gevonden zijn. ' +
    'Het bestand wordt in het geheugen gelezen en daarna vergeten: niets wordt opgeslagen of gelogd en er wordt geen externe bron bevraagd. ' +
    'Een DTD of entiteitsdeclaratie, een niet-welgevormd bestand, ongeldige UTF-8 (met regel en kolom), te diepe nesting of een te groot bestand geeft 400; ' +
    'welgevormde XML zonder herkend energieformaat geeft 422.',
  sources: [],
  body: {
    contentTypes: XML_CONTENT_TYPES,
    maxBytes: MAX_XML_BYTES,
    description:
      'De XML-inhoud van een energieprestatiebestand (EP-Online-monitoringsbestand of maatwerkadvies), als application/xml of text/xml, in UTF-8 of in de tekenset van de XML-declaratie.',
  },
  statuses: [200, 400, 422],
  response: nulmetingSchema,
  onderdeel: 'nulmeting',
  maxAgeSeconds: 0,
  async handle({ body }) {
    if (body === null) throw new Problem('bad_request', { detail: 'De inhoud van het verzoek is leeg.' });
    const started = performance.now();
    const data = readSafely(body);
    return {
      data,
      bronnen: [{ ...ownServiceBron('Geüpload energieprestatiebestand'), duur_ms: Math.round(performance.now() - started) }],
    };
  },
});

/** Runs the reader; an unexpected error is logged by name and code location only (its message may quote the upload). */
function readSafely(body: string) {
  try {
    return leesNulmeting(body);
  } catch (err) {
    if (err instanceof Problem) throw err;
    const frames = err instanceof Error ? (err.stack ?? '')
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => l.startsWith('at '))
            .slice(0, 3)
            .join(' | ') : '';
    log('error', 'nulmeting_onverwachte_fout', { fout: err instanceof Error ? err.name : typeof err, plaats: frames });
    throw new Problem('internal_error', { detail: 'Het bestand kon door een interne fout niet worden gelezen. Er is niets opgeslagen.' });
  }
}
