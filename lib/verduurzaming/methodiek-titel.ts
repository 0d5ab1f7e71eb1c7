// How a client document names the methodology of the sustainability layer: by its title, with the path of
// the page that publishes it (GET /v1/verduurzaming/methodiek). The PDF writes the full public URL (made by
// the service from the request), the report page links to it; neither shows a bare API path.

/** The title of the methodology, as the PDF and the report page name it. */
export const METHODIEK_TITEL = 'Methodiek van de verduurzamingslaag';

/** The path of the methodology page on this API. */
export const METHODIEK_PAD = '/v1/verduurzaming/methodiek';

/** "‘Methodiek van de verduurzamingslaag’ (https://…/v1/verduurzaming/methodiek)", or only the title without a URL. */
export function methodiekVerwijzing(url?: string | null): string {
  return url ? `‘${METHODIEK_TITEL}’ (${url})` : `‘${METHODIEK_TITEL}’`;
}
