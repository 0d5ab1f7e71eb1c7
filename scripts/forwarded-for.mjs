// The X-Forwarded-For the app sees (scripts/serve.mjs): the last `hops` entries that trusted reverse proxies
// added, then the connection's own address. Whatever a client sent beyond that is dropped.

/** @param {string | string[] | undefined} kop @param {string | undefined} peer @param {number} hops */
export function doorgestuurdVoor(kop, peer, hops) {
  const keten = (Array.isArray(kop) ? kop.join(',') : (kop ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  const vertrouwd = hops > 0 ? keten.slice(-hops) : [];
  return [...vertrouwd, peer ?? 'onbekend'].join(', ');
}
