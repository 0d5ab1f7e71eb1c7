// Where a webhook may point: https on a public address. Checked twice: when it is registered (the URL's
// form) and at every connection (each address the host name resolves to, inside the socket's own lookup, so
// a name that later resolves to an internal address is refused too: no DNS rebinding window). Loopback over
// http is allowed only with WEBHOOK_LOKAAL=aan (development and the tests' local receiver).
// The address checks themselves are shared with the dataset downloads (lib/net/publiek-adres.ts).
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { adresPubliek, veiligeLookupMet } from '@/lib/net/publiek-adres';

export const lokaalToegestaan = () => process.env.WEBHOOK_LOKAAL === 'aan';

/** Whether an address may be connected to: public unicast, or loopback when local receivers are allowed. */
export function adresToegestaan(adres: string): boolean {
  return adresPubliek(adres, lokaalToegestaan());
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
export const veiligeLookup: LookupFunction = veiligeLookupMet(lokaalToegestaan);
