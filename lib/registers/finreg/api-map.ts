// Maps one page of the DNB Public Register JSON API (OrganizationDetailsView, field names from the
// official OpenAPI spec, copy in test/fixtures/registers/dnb/api-records) to the same DnbRegistration rows the
// CSV parser yields, so both sources feed one loader. Pure. Tolerant of what real answers do: missing
// optional fields, nulls, extra fields (ignored), null entries in lists. Tested on 50 real organisations
// (api-map.real.test.ts). One row per (registration, allowed activity);
// a registration without activities gives one row. Names: the statutory name valid on `peildatum`
// (else the latest), falling back to the official name.
import { normalizeDate, padDigits } from '../common/dates';
import { DNB_DETAILS_EMPTY, type DnbRegistration } from './parse';

interface NameView { name?: string | null; validityPeriodStartDate?: string | null; validityPeriodEndDate?: string | null }
interface ActivityView { actActivityName?: string | null; validityPeriodStartDate?: string | null; validityPeriodEndDate?: string | null }
interface CountryView { isoCode?: string | null; name?: string | null }
interface RegistrationView {
  registrationType?: string | null;
  actArticleName?: string | null;
  validityPeriodStartDate?: string | null;
  validityPeriodEndDate?: string | null;
  irrevocableDate?: string | null;
  country?: CountryView | null;
  allowedActivities?: ActivityView[] | null;
}
interface ContactChannelView {
  contactChannelType?: string | null;
  street?: string | null;
  houseNumber?: string | null;
  houseNumberAddition?: string | null;
  postalCode?: string | null;
  city?: string | null;
  countryIsoCode?: string | null;
  isPostOfficeBox?: boolean | null;
  postOfficeNumber?: string | null;
}
interface OrganizationView {
  chamberOfCommerce?: string | null;
  relationNumber?: string | null;
  statutoryPlace?: string | null;
  statutoryCountry?: string | null;
  rsinCode?: string | null;
  leiCode?: string | null;
  isInLiquidation?: boolean | null;
  dateOfLiquidation?: string | null;
  contactChannels?: ContactChannelView[] | null;
  officialNames?: NameView[] | null;
  statutoryNames?: NameView[] | null;
  tradeNames?: NameView[] | null;
  registrations?: RegistrationView[] | null;
}
export interface OrganizationDetailsView {
  registerCode?: string | null;
  organizations?: OrganizationView[] | null;
}

const day = (s: unknown): string | null => {
  if (typeof s !== 'string') return null;
  const r = normalizeDate(s);
  return r.ok ? r.value : null;
};

/** A trimmed string, or null for anything else (real answers carry nulls, numbers and missing fields). */
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const list = <T>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v.filter((x): x is T => !!x && typeof x === 'object') : []);

/** The first contact channel of a type ('Vestigingsadres', 'Postadres'), case-insensitive. */
function channel(org: OrganizationView, type: string): ContactChannelView | null {
  return list(org.contactChannels).find((c) => str(c.contactChannelType)?.toLowerCase() === type.toLowerCase()) ?? null;
}

function streetLine(c: ContactChannelView | null): string | null {
  if (!c) return null;
  if (c.isPostOfficeBox && str(c.postOfficeNumber)) return `Postbus ${str(c.postOfficeNumber)}`;
  const nr = [str(c.houseNumber), str(c.houseNumberAddition)].filter(Boolean).join(' ');
  return [str(c.street), nr].filter(Boolean).join(' ') || null;
}

function currentName(names: NameView[] | null | undefined, peildatum: string | null): string | null {
  const all = list(names).filter((n) => typeof n.name === 'string' && n.name.trim());
  if (!all.length) return null;
  const valid = all.filter((n) => {
    const s = day(n.validityPeriodStartDate);
    const e = day(n.validityPeriodEndDate);
    return peildatum === null || ((s === null || s <= peildatum) && (e === null || e >= peildatum));
  });
  const pick = (valid.length ? valid : all).reduce((a, b) =>
    (day(b.validityPeriodStartDate) ?? '') > (day(a.validityPeriodStartDate) ?? '') ? b : a,
  );
  return pick.name!.trim();
}

const digits = (s: unknown, w: number) => {
  const v = padDigits(str(s), w);
  return v === 'invalid' ? null : v;
};

export function registrationsFromApi(page: OrganizationDetailsView, peildatum: string | null = null): DnbRegistration[] {
  const out: DnbRegistration[] = [];
  for (const org of list(page.organizations)) {
    const relatienummer = str(org.relationNumber);
    const naam = currentName(org.statutoryNames, peildatum) ?? currentName(org.officialNames, peildatum);
    if (!relatienummer || !naam) continue;
    const lei = str(org.leiCode)?.toUpperCase() ?? null;
    const vestiging = channel(org, 'Vestigingsadres');
    const post = channel(org, 'Postadres');
    const base = {
      line: 0,
      deelregister: str(page.registerCode)?.toUpperCase() ?? null,
      relatienummer,
      statutaire_naam: naam,
      statutaire_plaats: str(org.statutoryPlace),
      plaats_vestiging: str(vestiging?.city),
      land: str(org.statutoryCountry),
      kvk_nummer: digits(org.chamberOfCommerce, 8),
      rsin: digits(org.rsinCode, 9),
      lei: lei && /^[A-Z0-9]{18}[0-9]{2}$/.test(lei) ? lei : null,
      handelsnaam: currentName(org.tradeNames, peildatum),
      ...DNB_DETAILS_EMPTY,
      in_liquidatie: typeof org.isInLiquidation === 'boolean' ? org.isInLiquidation : null,
      datum_in_liquidatie: day(org.dateOfLiquidation),
      adres_vestiging: streetLine(vestiging),
      postcode_vestiging: str(vestiging?.postalCode),
      landcode_vestiging: str(vestiging?.countryIsoCode),
      postadres: streetLine(post),
      plaats_postadres: str(post?.city),
      landcode_postadres: str(post?.countryIsoCode),
      extra: {},
    };
    const regs = list(org.registrations);
    for (const reg of regs.length ? regs : [{} as RegistrationView]) {
      const country = reg.country && typeof reg.country === 'object' ? reg.country : null;
      const r = {
        ...base,
        registratietype: str(reg.registrationType),
        wetsartikel: str(reg.actArticleName),
        begindatum: day(reg.validityPeriodStartDate),
        einddatum: day(reg.validityPeriodEndDate),
        onherroepelijkheidsdatum: day(reg.irrevocableDate),
        registratie_land: str(country?.name),
        registratie_landcode: str(country?.isoCode),
      };
      const acts = list(reg.allowedActivities);
      for (const a of acts.length ? acts : [null])
        out.push({
          ...r,
          activiteit: str(a?.actActivityName),
          begindatum_activiteit: a ? day(a.validityPeriodStartDate) : null,
          einddatum_activiteit: a ? day(a.validityPeriodEndDate) : null,
        });
    }
  }
  return out;
}
