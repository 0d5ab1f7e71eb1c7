// Limits shared by every operation that accepts an uploaded energy-performance XML file (nulmeting,
// rapport, rapport.pdf): one place, so the cap in the OpenAPI document and in the code cannot drift.

/** Largest XML body accepted, in bytes (the spec: "max 2 MiB"). */
export const MAX_XML_BYTES = 2 * 1024 * 1024;

/** Media types accepted for an XML upload. */
export const XML_CONTENT_TYPES = ['application/xml', 'text/xml'];
