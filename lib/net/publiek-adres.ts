// Which network addresses this service may connect to on behalf of data from outside (webhook receivers,
// files named in third-party dataset metadata): public unicast only, loopback only where a caller's own
// switch allows it. The DNS look-up below checks every address a host name resolves to inside the
// socket's own look-up, so a name that resolves to an internal address is refused too (no DNS-rebinding
// window between a check and the connection).
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Whether an IP address may be connected to: public unicast, or loopback when `lokaal` allows it. */
export function adresPubliek(adres: string, lokaal: boolean): boolean {
  if (!ipaddr.isValid(adres)) return false;
  let ip = ipaddr.parse(adres);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const bereik = ip.range();
  if (bereik === 'unicast') return true;
  return bereik === 'loopback' && lokaal;
}

/** Whether a URL host (name or IP literal, brackets allowed) means this machine. */
export function isLokaleHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return ipaddr.isValid(h) && ipaddr.parse(h).range() === 'loopback';
}

/** A dns.lookup for sockets that refuses any address adresPubliek refuses; `lokaal` is read per look-up. */
export function veiligeLookupMet(lokaal: () => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, adressen) => {
      if (err) return callback(err, '', 0);
      const lijst = adressen as dns.LookupAddress[];
      const fout = lijst.find((a) => !adresPubliek(a.address, lokaal()));
      if (fout || lijst.length === 0) {
        const e = Object.assign(new Error(`adres ${fout?.address ?? '(geen)'} van ${hostname} is niet openbaar`), { code: 'EADDRNOTPUBLIC' });
        return callback(e, '', 0);
      }
      if (options.all) return callback(null, lijst);
      return callback(null, lijst[0].address, lijst[0].family);
    });
  };
}
