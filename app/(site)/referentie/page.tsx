// The human API reference: Scalar, served from this origin, renders /v1/openapi.json.
import type { Metadata } from 'next';
import { scalarVersion } from './bundle';
import { ScalarReference } from './scalar-reference';

export const metadata: Metadata = {
  title: 'API-referentie',
  description: 'Alle operaties van de API met parameters, antwoorden en voorbeelden, op basis van het OpenAPI-document.',
};

const SPEC_URL = '/v1/openapi.json';

/** Renders the reference (the bundle URL carries its version to bust the year-long cache after an upgrade). */
export default async function ReferentiePage() {
  const version = await scalarVersion();
  return (
    <div className="referentie">
      <h1 className="verborgen">API-referentie</h1>
      <noscript>
        <p className="referentie__status">
          De API-referentie heeft JavaScript nodig. Het OpenAPI-document staat op <a href={SPEC_URL}>{SPEC_URL}</a>.
        </p>
      </noscript>
      <ScalarReference scriptSrc={`/referentie/scalar.js?v=${encodeURIComponent(version)}`} specUrl={SPEC_URL} />
    </div>
  );
}
