// How a route handler hands scripts/http-edge.mjs a body that is compressed already (Next.js drops a
// Content-Encoding that a route handler sets, send-response.ts). The edge sets this request header to the coding
// the client gets (and drops a client's own copy); a route that has its body in that coding answers with the
// same header, which the edge turns into Content-Encoding, sending the bytes as they are. Without the edge in
// front (next dev) the request never carries the header and the route answers identity.
export const PRECODED_HEADER = 'x-edge-encoding';
