// Where a webhook may point: https on a public address. One address rule (bestemmingBezwaar, on the host
// as lib/net/publiek-adres.ts classifies it: normalised, then names of private namespaces and every
// non-public IP literal refused) is applied at registration and again before every delivery; at delivery
// each address a host name resolves to is checked too, inside the socket's own lookup, so a name that
// (later) resolves to an internal address is refused: no DNS rebinding window. Loopback (localhost,
// *.localhost, 127/8, ::1) is allowed, also over http, only with WEBHOOK_LOKAAL=aan (development and the
// tests' local receiver). The address checks themselves are shared with the dataset downloads.
import type { LookupFunction } from 'node:net';
import { adresPubliek, hostSoort, normaliseerHost, veiligeLookupMet } from '@/lib/net/publiek-adres';

export const lokaalToegestaan = () => process.env.WEBHOOK_LOKAAL === 'aan';

/** Whether an address may be connected to: public unicast, or loopback when local receivers are allowed. */
export function adresToegestaan(adres: string): boolean {
  return adresPubliek(adres, lokaalToegestaan());
}

/** Why a webhook may not be sent to this URL's host (Dutch sentence), or null; the same at registration and delivery. */
export function bestemmingBezwaar(url: URL): string | null {
  const host = normaliseerHost(url.hostname);
  switch (hostSoort(host)) {
    case 'lokaal':
      return lokaalToegestaan() ? null : `url wijst naar deze machine (${host}); alleen toegestaan met WEBHOOK_LOKAAL=aan.`;
    case 'niet-openbaar-adres':
      return `url wijst naar een niet-openbaar adres (${host}).`;
    case 'interne-naam':
      return host.includes('.')
        ? `url wijst naar een niet-openbare naam (${host}): namen onder .local, .internal, .home.arpa en .localdomain worden niet aangeroepen.`
        : 'url moet een volledige hostnaam hebben.';
    default:
      return null;
  }
}

/** Why a URL cannot be registered as a webhook (Dutch sentence), or null when it can. */
export function urlBezwaar(tekst: string): string | null {
  let url: URL;
  try {
    url = new URL(tekst);
  } catch {
    return 'url is geen geldig absoluut adres.';
  }
  if (url.username || url.password) return 'url mag geen gebruikersnaam of wachtwoord bevatten.';
  if (url.hash) return 'url mag geen fragment (#…) bevatten.';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && hostSoort(url.hostname) === 'lokaal')) return 'url moet https gebruiken.';
  return bestemmingBezwaar(url);
}

/** dns.lookup for the delivery socket that refuses any non-public address (see adresToegestaan). */
export const veiligeLookup: LookupFunction = veiligeLookupMet(lokaalToegestaan);
