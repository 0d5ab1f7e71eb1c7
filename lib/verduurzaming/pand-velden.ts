// Step 3 of the property object: the outcomes of the sub-sources as plain values, with source and status
// per field in herkomst_per_veld.
// Per source an outcome is `undefined` when it was not asked (the address lacks the id it needs: the
// field is 'onbekend'), `null` when the source failed ('onbeschikbaar'), else what it answered; a value
// the source does not have is 'onbekend'. Pure functions.
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import type { BagPand, Verblijfsobject } from '@/lib/sources/bag-ogc-convert';
import type { WozObject } from '@/lib/sources/woz-waardeloket-convert';
import { nieuwsteWozWaarde } from '@/lib/sources/woz-waardeloket-convert';
import { type Energielabel, nieuwsteLabel } from '@/lib/sources/ep-online-convert';
import type { Perceel } from '@/lib/sources/brk-kadastrale-kaart-convert';
import type { BuurtKerncijfers } from '@/lib/sources/cbs-kerncijfers-convert';
import { PAND_VELDEN, type Pand, type PandVeld, type VeldHerkomst, type VeldStatus } from './types';

/** What the BAG calls gave: the verblijfsobject and its panden; pandFout when a pand call failed. */
export interface BagGegevens {
  vbo: Verblijfsobject | null;
  panden: BagPand[];
  pandFout: boolean;
}

export interface Uitkomsten {
  bag: BagGegevens | null | undefined;
  woz: { object: WozObject | null } | null | undefined;
  /** labels null: EP-Online was not called for want of a key (the field is 'onbeschikbaar'). */
  ep: { labels: Energielabel[] | null } | null | undefined;
  brk: { perceel: Perceel | null } | null | undefined;
  cbs: { cijfers: BuurtKerncijfers | null } | null | undefined;
}

/** One field while it is put together: its value (null = unknown or failed), source and status. */
export interface Veld<T> {
  waarde: T | null;
  bron: string;
  status: VeldStatus;
}

/** A field from a source outcome: failed -> onbeschikbaar, not asked or no value -> onbekend, else ok. */
export function veldUit<U, T>(bron: string, uitkomst: U | null | undefined, lees: (u: U) => T | null): Veld<T> {
  if (uitkomst === null) return { waarde: null, bron, status: 'onbeschikbaar' };
  const waarde = uitkomst === undefined ? null : lees(uitkomst);
  return waarde === null ? { waarde: null, bron, status: 'onbekend' } : { waarde, bron, status: 'ok' };
}

/** The validated property object from the chosen address and the outcomes of the sub-sources. */
export function stelPandSamen(adres: Locatie, u: Uitkomsten): Pand {
  return alsPand(pandVelden(adres, u));
}

/** Every field of the property object with its value, source and status, before they are split. */
export type PandVeldenMetHerkomst = { [K in PandVeld]: Veld<NonNullable<Pand[K]>> };

/** The property object from its fields: the plain values, and source and status per field in herkomst_per_veld (in the declared order). */
export function alsPand(velden: PandVeldenMetHerkomst): Pand {
  const data = Object.fromEntries(PAND_VELDEN.map((k) => [k, velden[k].waarde])) as Omit<Pand, 'herkomst_per_veld'>;
  const herkomst = PAND_VELDEN.map((veld) => ({ veld, bron: velden[veld].bron, status: velden[veld].status }));
  return { ...data, herkomst_per_veld: herkomst };
}

/** Source and status of one field of the property object. */
export function herkomstVan(pand: Pand, veld: PandVeld): VeldHerkomst {
  const h = pand.herkomst_per_veld.find((x) => x.veld === veld);
  if (!h) throw new Error(`herkomst van ${veld} ontbreekt`);
  return h;
}

function pandVelden(adres: Locatie, u: Uitkomsten): PandVeldenMetHerkomst {
  // A pand field is unavailable when the pand calls failed and no pand came back.
  const pandUitkomst = u.bag && u.bag.vbo && u.bag.panden.length === 0 && u.bag.pandFout ? null : u.bag;
  const ep = u.ep && u.ep.labels === null ? null : u.ep;
  return {
    adres: {
      waarde: {
        straat: adres.straatnaam ?? '',
        huisnummer: adres.huisnummer ?? 0,
        huisletter: adres.huisletter,
        toevoeging: adres.toevoeging,
        postcode: adres.postcode ?? '',
        woonplaats: adres.woonplaats ?? '',
        nummeraanduiding_id: adres.nummeraanduiding_id,
        verblijfsobject_id: adres.adresseerbaarobject_id,
        coordinaten: adres.coordinaten,
      },
      bron: 'pdok-locatieserver',
      status: 'ok',
    },
    bouwjaar: veldUit('bag-ogc', pandUitkomst, (b) => oudsteBouwjaar(b.panden)),
    gebruiksoppervlakte_m2: veldUit('bag-ogc', u.bag, (b) => b.vbo?.oppervlakte_m2 ?? null),
    gebruiksdoelen: veldUit('bag-ogc', u.bag, (b) => (b.vbo && b.vbo.gebruiksdoelen && b.vbo.gebruiksdoelen.length > 0 ? b.vbo.gebruiksdoelen : null)),
    pandstatus: veldUit('bag-ogc', pandUitkomst, (b) => b.panden.find((p) => p.status)?.status ?? null),
    woz_waarde: veldUit('woz-waardeloket', u.woz, (w) => (w.object ? nieuwsteWozWaarde(w.object) : null)),
    energielabel: veldUit('ep-online', ep, (e) => {
      const label = nieuwsteLabel(e.labels ?? []);
      return label
        ? {
            klasse: label.klasse,
            registratiedatum: label.registratiedatum,
            geldig_tot_datum: label.geldig_tot,
            berekeningstype: label.berekeningstype,
            gebouwtype: label.gebouwtype,
          }
        : null;
    }),
    kadastraal_perceel: veldUit('brk-kadastrale-kaart', u.brk, (b) => b.perceel),
    buurt: veldUit('cbs-statline', u.cbs, (c) =>
      c.cijfers
        ? {
            code: c.cijfers.code,
            naam: adres.buurt_code === c.cijfers.code ? adres.buurt_naam : null,
            inwoners: c.cijfers.inwoners,
            gemiddelde_woz_waarde: c.cijfers.gemiddelde_woz_waarde,
            peiljaar: c.cijfers.peiljaar,
          }
        : null,
    ),
  };
}

/** The oldest bouwjaar of the panden the object lies in (the object is as old as its oldest part). */
export function oudsteBouwjaar(panden: BagPand[]): number | null {
  const jaren = panden.map((p) => p.bouwjaar).filter((j): j is number => j !== null);
  return jaren.length > 0 ? Math.min(...jaren) : null;
}
