// Maps one page of the DNB Public Register JSON API (OrganizationDetailsView, field names from the
// official OpenAPI spec saved in ../shared/samples/registers/dnb) to the same DnbRegistration rows the
// CSV parser yields, so both sources feed one loader. Pure. One row per (registration, allowed activity);
// a registration without activities gives one row. Names: the statutory name valid on `peildatum`
// (else the latest), falling back to the official name.
import { normalizeDate, padDigits } from '../common/dates';
import { DNB_DETAILS_EMPTY, type DnbRegistration } from './parse';

interface NameView { name?: string | null; validityPeriodStartDate?: string | null; validityPeriodEndDate?: string | null }
interface ActivityView { actActivityName?: string | null; validityPeriodStartDate?: string | null; validityPeriodEndDate?: string | null }
interface RegistrationView {
  registrationType?: string | null;
  actArticleName?: string | null;
  validityPeriodStartDate?: string | null;
  validityPeriodEndDate?: string | null;
  allowedActivities?: ActivityView[] | null;
}
interface OrganizationView {
  chamberOfCommerce?: string | null;
  relationNumber?: string | null;
  statutoryPlace?: string | null;
  statutoryCountry?: string | null;
  rsinCode?: string | null;
  leiCode?: string | null;
  officialNames?: NameView[] | null;
  statutoryNames?: NameView[] | null;
  tradeNames?: NameView[] | null;
  registrations?: RegistrationView[] | null;
}
export interface OrganizationDetailsView {
  registerCode?: string | null;
  organizations?: OrganizationView[] | null;
}

const day = (s: string | null | undefined): string | null => {
  const r = normalizeDate(s);
  return r.ok ? r.value : null;
};

function currentName(names: NameView[] | null | undefined, peildatum: string | null): string | null {
  const list = (names ?? []).filter((n) => n.name && n.name.trim());
  if (!list.length) return null;
  const valid = list.filter((n) => {
    const s = day(n.validityPeriodStartDate);
    const e = day(n.validityPeriodEndDate);
    return peildatum === null || ((s === null || s <= peildatum) && (e === null || e >= peildatum));
  });
  const pick = (valid.length ? valid : list).reduce((a, b) =>
    (day(b.validityPeriodStartDate) ?? '') > (day(a.validityPeriodStartDate) ?? '') ? b : a,
  );
  return pick.name!.trim();
}

const digits = (s: string | null | undefined, w: number) => {
  const v = padDigits(s, w);
  return v === 'invalid' ? null : v;
};

export function registrationsFromApi(page: OrganizationDetailsView, peildatum: string | null = null): DnbRegistration[] {
  const out: DnbRegistration[] = [];
  for (const org of page.organizations ?? []) {
    const relatienummer = org.relationNumber?.trim();
    const naam = currentName(org.statutoryNames, peildatum) ?? currentName(org.officialNames, peildatum);
    if (!relatienummer || !naam) continue;
    const lei = org.leiCode?.trim().toUpperCase() || null;
    const base = {
      line: 0,
      deelregister: page.registerCode?.trim().toUpperCase() || null,
      relatienummer,
      statutaire_naam: naam,
      statutaire_plaats: org.statutoryPlace?.trim() || null,
      plaats_vestiging: null,
      land: org.statutoryCountry?.trim() || null,
      kvk_nummer: digits(org.chamberOfCommerce, 8),
      rsin: digits(org.rsinCode, 9),
      lei: lei && /^[A-Z0-9]{18}[0-9]{2}$/.test(lei) ? lei : null,
      handelsnaam: currentName(org.tradeNames, peildatum),
      ...DNB_DETAILS_EMPTY,
      extra: {},
    };
    for (const reg of org.registrations?.length ? org.registrations : [{} as RegistrationView]) {
      const r = {
        ...base,
        registratietype: reg.registrationType?.trim() || null,
        wetsartikel: reg.actArticleName?.trim() || null,
        begindatum: day(reg.validityPeriodStartDate),
        einddatum: day(reg.validityPeriodEndDate),
      };
      const acts = reg.allowedActivities?.length ? reg.allowedActivities : [null];
      for (const a of acts)
        out.push({
          ...r,
          activiteit: a?.actActivityName?.trim() || null,
          begindatum_activiteit: a ? day(a.validityPeriodStartDate) : null,
          einddatum_activiteit: a ? day(a.validityPeriodEndDate) : null,
        });
    }
  }
  return out;
}
