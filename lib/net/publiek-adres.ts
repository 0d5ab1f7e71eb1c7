// Which network addresses this service may connect to on behalf of data from outside (webhook receivers,
// files named in third-party dataset metadata): public unicast only, loopback only where a caller's own
// switch allows it. One rule for a URL's host (hostSoort: its name or IP literal, normalised first) and
// one for every address a name resolves to (adresPubliek, checked inside the socket's own DNS look-up, so
// a name that resolves to an internal address is refused too: no DNS-rebinding window between a check
// and the connection). The ranges come from ipaddr.js (its range() names), not from a hand-kept list.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';

/**
 * Domains whose names never mean a public host, with every name under them: this machine (localhost,
 * RFC 6761; localdomain, the /etc/hosts alias of many systems), the local link (local, mDNS, RFC 6762),
 * home networks (home.arpa, RFC 8375) and private use (internal, ICANN 2024; e.g. metadata.google.internal).
 */
export const NIET_PUBLIEKE_DOMEINEN = ['localhost', 'localdomain', 'local', 'internal', 'home.arpa'] as const;

/** The domains of NIET_PUBLIEKE_DOMEINEN that mean this machine (a local receiver, where a switch allows it). */
const LOKALE_DOMEINEN = new Set<string>(['localhost']);

/** IPv6 global unicast (2000::/3): the only IPv6 space with public hosts; ipaddr's range() still refines it. */
const IPV6_GLOBAAL = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** Whether an IP address may be connected to: public unicast, or loopback when `lokaal` allows it. */
export function adresPubliek(adres: string, lokaal: boolean): boolean {
  if (!ipaddr.isValid(adres)) return false;
  let ip = ipaddr.parse(adres);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const bereik = ip.range();
  if (bereik === 'loopback') return lokaal;
  // IPv6 outside 2000::/3 is never public, e.g. the deprecated IPv4-compatible ::7f00:1 that range() calls unicast.
  // NAT64 (64:ff9b::/96), 6to4 and Teredo have their own range() and are refused: they can wrap a private IPv4.
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(IPV6_GLOBAAL)) return false;
  return bereik === 'unicast';
}

/**
 * A URL host as it is compared: without IPv6 brackets, lower case, IDN in ASCII (punycode), IPv4 in dotted
 * decimal (127.1, 0x7f.1 and 2130706433 all become 127.0.0.1) and without trailing dots ("localhost." is localhost).
 */
export function normaliseerHost(host: string): string {
  let h = host.trim().replace(/^\[|\]$/g, '').toLowerCase();
  if (!h.includes(':')) h = domainToASCII(h) || h;
  return h.replace(/\.+$/, '');
}

/**
 * What a URL host names:
 *  - 'lokaal': this machine (localhost, *.localhost, a loopback address);
 *  - 'openbaar-adres': an IP literal in public unicast space;
 *  - 'niet-openbaar-adres': any other IP literal (private, link-local and metadata, CGNAT, multicast, reserved, …);
 *  - 'interne-naam': a name under NIET_PUBLIEKE_DOMEINEN, or a single label (resolved through search domains);
 *  - 'naam': any other DNS name; every address it resolves to is checked when connecting (veiligeLookupMet).
 */
export type HostSoort = 'lokaal' | 'openbaar-adres' | 'niet-openbaar-adres' | 'interne-naam' | 'naam';

/** Classifies a URL host (name or IP literal, brackets allowed) after normaliseerHost. */
export function hostSoort(host: string): HostSoort {
  const h = normaliseerHost(host);
  if (ipaddr.isValid(h)) {
    if (adresPubliek(h, false)) return 'openbaar-adres';
    return adresPubliek(h, true) ? 'lokaal' : 'niet-openbaar-adres';
  }
  const domein = NIET_PUBLIEKE_DOMEINEN.find((d) => h === d || h.endsWith(`.${d}`));
  if (domein) return LOKALE_DOMEINEN.has(domein) ? 'lokaal' : 'interne-naam';
  return h.includes('.') ? 'naam' : 'interne-naam';
}

/** Whether a URL host (name or IP literal, brackets allowed) means this machine. */
export function isLokaleHost(host: string): boolean {
  return hostSoort(host) === 'lokaal';
}

type Opzoeken = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, adressen: dns.LookupAddress[]) => void) => void;

/**
 * A dns.lookup for sockets that refuses any address adresPubliek refuses; `lokaal` is read per look-up.
 * `opzoeken` is the resolver (dns.lookup; a test passes a table to show a mixed answer is refused).
 */
export function veiligeLookupMet(lokaal: () => boolean, opzoeken: Opzoeken = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    opzoeken(hostname, { ...options, all: true }, (err, lijst) => {
      if (err) return callback(err, '', 0);
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
