// Where a webhook may point: https on a public address. Checked twice: when it is registered (the URL's
// form) and at every connection (each address the host name resolves to, inside the socket's own lookup, so
// a name that later resolves to an internal address is refused too: no DNS rebinding window). Loopback over
// http is allowed only with WEBHOOK_LOKAAL=aan (development and the tests' local receiver).
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const lokaalToegestaan = () => process.env.WEBHOOK_LOKAAL === 'aan';

/** Whether an address may be connected to: public unicast, or loopback when local receivers are allowed. */
export function adresToegestaan(adres: string): boolean {
  if (!ipaddr.isValid(adres)) return false;
  let ip = ipaddr.parse(adres);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const bereik = ip.range();
  if (bereik === 'unicast') return true;
  return bereik === 'loopback' && lokaalToegestaan();
}

/** Why a URL cannot be a webhook (Dutch sentence), or null when it can. */
export function urlBezwaar(tekst: string): string | null {
  let url: URL;
  try {
    url = new URL(tekst);
  } catch {
    return 'url is geen geldig absoluut adres.';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const lokaal = host === 'localhost' || (ipaddr.isValid(host) && ipaddr.parse(host).range() === 'loopback');
  if (url.username || url.password) return 'url mag geen gebruikersnaam of wachtwoord bevatten.';
  if (url.hash) return 'url mag geen fragment (#…) bevatten.';
  if (lokaal) return lokaalToegestaan() ? null : 'url wijst naar deze machine (localhost); alleen toegestaan met WEBHOOK_LOKAAL=aan.';
  if (url.protocol !== 'https:') return 'url moet https gebruiken.';
  if (ipaddr.isValid(host) && !adresToegestaan(host)) return `url wijst naar een niet-openbaar adres (${host}).`;
  if (!host.includes('.')) return 'url moet een volledige hostnaam hebben.';
  return null;
}

/** dns.lookup for the delivery socket that refuses any non-public address (see adresToegestaan). */
export const veiligeLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, adressen) => {
    if (err) return callback(err, '', 0);
    const lijst = adressen as dns.LookupAddress[];
    const fout = lijst.find((a) => !adresToegestaan(a.address));
    if (fout || lijst.length === 0) {
      const e = Object.assign(new Error(`adres ${fout?.address ?? '(geen)'} van ${hostname} is niet openbaar`), { code: 'EADDRNOTPUBLIC' });
      return callback(e, '', 0);
    }
    if (options.all) return callback(null, lijst);
    return callback(null, lijst[0].address, lijst[0].family);
  });
};
