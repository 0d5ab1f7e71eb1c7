// The key request form's rules, with the bounds of the operation's schema (lib/access/aanvraag-schema.ts)
// and Dutch messages per field; regels.test.ts checks that form and server agree on the same inputs. Pure.
import { regexes } from 'zod';
import { AANVRAAG_LENGTES } from '@/lib/access/aanvraag-schema';

export type GewensteTier = 'standard' | 'enterprise';
export type Veld = 'naam' | 'email' | 'organisatie' | 'gebruik' | 'tier';

export const LENGTES = AANVRAAG_LENGTES;

export interface AanvraagInvoer {
  naam: string;
  email: string;
  organisatie: string;
  gebruik: string;
  tier: GewensteTier | '';
}

/** The hint under each field: what the server accepts. */
export const HINTS: Record<Exclude<Veld, 'tier'>, string> = {
  naam: `Verplicht, ${LENGTES.naam.min} tot ${LENGTES.naam.max} tekens.`,
  email: `Verplicht, een geldig e-mailadres (hoogstens ${LENGTES.email.max} tekens).`,
  organisatie: `Optioneel, hoogstens ${LENGTES.organisatie.max} tekens.`,
  gebruik: `Verplicht, ${LENGTES.gebruik.min} tot ${LENGTES.gebruik.max} tekens: waarvoor gebruikt u de API?`,
};

/** What is wrong per field (Dutch), empty when the request may be sent. */
export function controleer(a: AanvraagInvoer): Partial<Record<Veld, string>> {
  const fout: Partial<Record<Veld, string>> = {};
  const naam = a.naam.trim();
  if (!naam) fout.naam = 'Vul uw naam in.';
  else if (naam.length < LENGTES.naam.min) fout.naam = `Uw naam heeft minstens ${LENGTES.naam.min} tekens.`;
  else if (naam.length > LENGTES.naam.max) fout.naam = `Uw naam heeft hoogstens ${LENGTES.naam.max} tekens.`;
  // Sent trimmed (aanvraagBody): a space that autofill left behind is no reason to refuse.
  const email = a.email.trim();
  if (!email) fout.email = 'Vul uw e-mailadres in.';
  else if (email.length > LENGTES.email.max) fout.email = `Het e-mailadres heeft hoogstens ${LENGTES.email.max} tekens.`;
  else if (!regexes.email.test(email)) fout.email = 'Dit is geen geldig e-mailadres (bijvoorbeeld naam@organisatie.nl).';
  if (a.organisatie.trim().length > LENGTES.organisatie.max) fout.organisatie = `De organisatie heeft hoogstens ${LENGTES.organisatie.max} tekens.`;
  const gebruik = a.gebruik.trim();
  if (!gebruik) fout.gebruik = 'Beschrijf kort waarvoor u de API wilt gebruiken.';
  else if (gebruik.length < LENGTES.gebruik.min) fout.gebruik = `Beschrijf het gebruik in minstens ${LENGTES.gebruik.min} tekens (nu ${gebruik.length}).`;
  else if (gebruik.length > LENGTES.gebruik.max) fout.gebruik = `Het gebruik heeft hoogstens ${LENGTES.gebruik.max} tekens (nu ${gebruik.length}).`;
  if (a.tier !== 'standard' && a.tier !== 'enterprise') fout.tier = 'Kies standard of enterprise.';
  return fout;
}

export interface AanvraagBody {
  naam: string;
  email: string;
  organisatie?: string;
  gebruik: string;
  tier: GewensteTier | '';
}

/** The JSON body of POST /v1/toegang/aanvragen (an empty organisation is left out). */
export function aanvraagBody(a: AanvraagInvoer): AanvraagBody {
  const organisatie = a.organisatie.trim();
  return { naam: a.naam.trim(), email: a.email.trim(), ...(organisatie ? { organisatie } : {}), gebruik: a.gebruik.trim(), tier: a.tier };
}
