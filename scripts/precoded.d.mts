// Types of scripts/precoded.mjs.
export const PRECODED_HEADER: 'x-edge-encoding';
