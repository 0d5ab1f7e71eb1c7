// The sustainability report: the cover sheet (the live property object), the zero-measurement read from
// the file, the measures ranked on target label (best first) and the signals. The JSON report carries no
// cost or savings figures (the spec says so); those are only in the PDF, computed by scenarios.ts with
// the method published on /v1/verduurzaming/methodiek. Pure functions; nothing is stored.
import { z } from 'zod';
import { labelKlasse, maatregelSchema, nulmetingSchema, pandSchema, type LabelKlasse, type Nulmeting, type Pand } from '../types';
import { adresControleSchema, vergelijkAdres, type AdresControle, type OpgevraagdAdres } from './adres';
import { methodiekVerwijzing } from '../methodiek-titel';
import { aannames, type Aanname } from './aannames';
import { rankMaatregelen, type Gerangschikt } from './rank';
import { scenarios, uitgangspunt, type Energieprijzen, type Scenario, type Uitgangspunt } from './scenarios';
import { openCategorieen, signaalSchema, signalen, type Signaal } from './signals';

const maatregelZonderKosten = maatregelSchema.omit({ investering: true });

export const gerangschikteMaatregelSchema = maatregelZonderKosten.extend({
  naam: z
    .string()
    .describe('Leesbare naam van de maatregel: de omschrijving uit het bestand, of een Nederlandse aanduiding zoals "Stap 1 van het maatwerkadvies" waar het bestand alleen een elementnaam (Step1) heeft'),
  rang: z.number().int().describe('1 = beste doellabel'),
  labelstappen: z.number().int().nullable().describe('Aantal labelklassen verbetering ten opzichte van het huidige label'),
});

export const rapportSchema = z.object({
  adres: adresControleSchema.describe('Vergelijking van het adres in het bestand met het opgevraagde adres'),
  voorblad: pandSchema.describe('Actuele pandgegevens (BAG, WOZ, EP-Online, kadaster, CBS), met bron en status per veld'),
  nulmeting: nulmetingSchema
    .extend({ maatregelen: z.array(maatregelZonderKosten).nullable() })
    .describe('De nulmeting uit het bestand, zonder bedragen'),
  huidig_label: labelKlasse.nullable().describe('Huidig label: uit het bestand, anders het geregistreerde label'),
  maatregelen: z.array(gerangschikteMaatregelSchema).describe('Maatregelen gerangschikt op doellabel, beste eerst'),
  signalen: z.array(signaalSchema).describe('Mogelijk ontbrekende maatregelen en afwijkingen tussen bestand en registers'),
  kosten_en_besparingen: z.string().describe('Waar kosten en besparingen staan (niet in dit antwoord)'),
});
export type Rapport = z.infer<typeof rapportSchema>;

/** Everything both the JSON report and the PDF are made from. */
export interface RapportBasis {
  adres: AdresControle;
  nulmeting: Nulmeting;
  pand: Pand;
  uitgangspunt: Uitgangspunt;
  gerangschikt: Gerangschikt[];
  signalen: Signaal[];
}

/** Compares, ranks and signals: the common part of the report. */
export function rapportBasis(nulmeting: Nulmeting, pand: Pand, gevraagd: OpgevraagdAdres): RapportBasis {
  const u = uitgangspunt(nulmeting, pand);
  const adres = vergelijkAdres(nulmeting.adres, { verblijfsobjectId: pand.adres?.verblijfsobject_id ?? null, ...gevraagd });
  return {
    adres,
    nulmeting,
    pand,
    uitgangspunt: u,
    gerangschikt: rankMaatregelen(nulmeting.maatregelen ?? [], u.huidig_label),
    signalen: signalen({ nulmeting, pand, adres, huidigLabel: u.huidig_label }),
  };
}

const zonderKosten = <T extends { investering: number | null }>({ investering: _, ...rest }: T) => rest;

/** The JSON report: no investments, savings or other amounts from the file or from estimates. */
export function rapportJson(b: RapportBasis): Rapport {
  return {
    adres: b.adres,
    voorblad: b.pand,
    nulmeting: { ...b.nulmeting, maatregelen: b.nulmeting.maatregelen?.map(zonderKosten) ?? null },
    huidig_label: b.uitgangspunt.huidig_label,
    maatregelen: b.gerangschikt.map(zonderKosten),
    signalen: b.signalen,
    kosten_en_besparingen:
      `Dit rapport bevat geen kosten of besparingen. Het PDF-rapport toont drie scenario's met investering, besparing, financiering en CO2, berekend volgens de ${methodiekVerwijzing()}.`,
  };
}

/** Source line of the PDF: one entry per source actually used. */
export interface BronRegel {
  titel: string;
  attributie: string;
  status: 'ok' | 'onbeschikbaar';
}

/** The PDF's content: the common part plus the scenarios, their assumptions and the sources. */
export interface PdfRapport extends RapportBasis {
  scenarios: Scenario[];
  aannames: Aanname[];
  prijzen: Energieprijzen | null;
  bronnen: BronRegel[];
  /** ISO date-time of generation (printed in the header). */
  gegenereerd_op: string;
}

/** Adds the scenarios and assumptions for the PDF (prices may be null when the price source failed). */
export function pdfRapport(b: RapportBasis, prijzen: Energieprijzen | null, bronnen: BronRegel[], nu = new Date()): PdfRapport {
  return {
    ...b,
    scenarios: scenarios({
      uitgangspunt: b.uitgangspunt,
      gerangschikt: b.gerangschikt,
      prijzen,
      openCategorieen: openCategorieen(b.signalen),
      stappenplanInhoud: b.nulmeting.stappenplan_inhoud,
    }),
    aannames: aannames(b.uitgangspunt, prijzen),
    prijzen,
    bronnen,
    gegenereerd_op: nu.toISOString(),
  };
}

/** The best target label in the file (for the header chips); null when the file names none. */
export function besteDoel(b: RapportBasis): LabelKlasse | null {
  return b.gerangschikt.find((m) => m.doel_label)?.doel_label ?? null;
}
