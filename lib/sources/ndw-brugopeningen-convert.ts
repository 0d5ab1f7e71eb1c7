// NDW bridge openings and safety-related traffic messages, record by record (pure functions over the record
// trees of lib/sources/xml-records.ts). Both feeds are DATEX II v3 SituationPublications:
// - brugopeningen.xml.gz: one situation per planned opening, holding one sit:GeneralNetworkManagement record
//   (generalNetworkManagementType bridgeSwingInOperation, ids BMS01_<ISRS code>_<n>_01) with the validity
//   window, operatorActionStatus (approved, implemented, beingTerminated, …), a point location and the bridge's
//   code in the RIS index (externalLocationCode). The feed names no bridge: a comment or road name is read when
//   present.
// - veiligheidsgerelateerde_berichten_srti.xml.gz: safety-related traffic information (SRTI; for example
//   sit:VehicleObstruction with a comment like "Botsabsorber"), with validity, location and comment.
// Tolerant reading (issue 21): what is missing is null, and what can be derived is derived: a record's xsi:type
// from its own type element (generalNetworkManagementType → GeneralNetworkManagement), a bridge's RIS-index code
// and the source from the record id (BMS01_<ISRS code>_<n>_01). A record without an id is left out on purpose.
import { z } from 'zod';
import type { Geometrie } from '@/lib/geo/geojson';
import { GEEN_SUBTYPE, geometrieSchema, geometrieUitLocatie, recordType } from './ndw-verkeer-convert';
import { at, child, childrenNamed, find, findAll, text, type XNode } from './xml-records';

export interface Brugopening {
  id: string;
  versie: string | null;
  situatie_id: string | null;
  /** generalNetworkManagementType, for example bridgeSwingInOperation. */
  type: string | null;
  /** operatorActionStatus: approved (planned), implemented (in progress), beingTerminated, … */
  status: string | null;
  /** probabilityOfOccurrence, for example riskOf. */
  waarschijnlijkheid: string | null;
  geldig_vanaf: string | null;
  geldig_tot: string | null;
  /** externalLocationCode: the bridge's code in the RIS index (ISRS), for example NLVRD002270446700216. */
  brug_code: string | null;
  /** externalReferencingSystem, for example RIS-index. */
  codesysteem: string | null;
  /** Road or bridge name, when the record gives one. */
  naam: string | null;
  /** generalPublicComment, when given. */
  omschrijving: string | null;
  /** sourceName, for example BMS01 (NDW's bridge-management link). */
  bron: string | null;
  versietijd: string | null;
  geometrie: Geometrie | null;
}

export interface Veiligheidsbericht {
  id: string;
  versie: string | null;
  situatie_id: string | null;
  /** The record's xsi:type, for example VehicleObstruction. */
  type: string | null;
  /** The record's own type element (vehicleObstructionType, accidentType, …), for example other. */
  subtype: string | null;
  veiligheidsgerelateerd: boolean | null;
  ernst: string | null;
  waarschijnlijkheid: string | null;
  geldig_vanaf: string | null;
  geldig_tot: string | null;
  omschrijving: string | null;
  bron: string | null;
  rijbaan: string | null;
  richting: string | null;
  versietijd: string | null;
  geometrie: Geometrie | null;
}

/** The Dutch text of a multilingual element (values/value lang="nl"), else the first value. */
function nl(n: XNode | undefined): string | null {
  const values = findAll(n, 'value');
  return text(values.find((v) => v.attrs.lang === 'nl') ?? values[0]);
}

function window(r: XNode): { van: string | null; tot: string | null } {
  const spec = at(r, 'validity', 'validityTimeSpecification');
  return { van: text(child(spec, 'overallStartTime')), tot: text(child(spec, 'overallEndTime')) };
}

/** Supplier and ISRS code (RIS index: 2-letter country, 3-letter UN/LOCODE, 15 characters) in a BMS record id. */
const BMS_ID = /^([A-Z]+\d+)_([A-Z]{5}[A-Z0-9]{15})_\d+_\d+$/;

/** What a bridge opening's record id tells: the supplier (BMS01) and the bridge's RIS-index code. */
export function uitBrugId(id: string): { bron: string; brug_code: string } | null {
  const m = BMS_ID.exec(id);
  return m ? { bron: m[1], brug_code: m[2] } : null;
}

/**
 * The bridge openings of one v3 situation (GeneralNetworkManagement records; other record types are not bridge
 * openings). A record without an id is left out on purpose: it cannot be referred to or told apart from others.
 */
export function brugopeningenUitSituatie(s: XNode): Brugopening[] {
  const out: Brugopening[] = [];
  for (const r of childrenNamed(s, 'situationRecord')) {
    if (recordType(r) !== 'GeneralNetworkManagement' || !r.attrs.id) continue;
    const loc = child(r, 'locationReference');
    const ext = find(loc, 'externalReferencing');
    const { van, tot } = window(r);
    const uitId = uitBrugId(r.attrs.id);
    out.push({
      id: r.attrs.id,
      versie: r.attrs.version ?? null,
      situatie_id: s.attrs.id ?? null,
      type: text(child(r, 'generalNetworkManagementType')),
      status: text(child(r, 'operatorActionStatus')),
      waarschijnlijkheid: text(child(r, 'probabilityOfOccurrence')),
      geldig_vanaf: van,
      geldig_tot: tot,
      brug_code: text(child(ext, 'externalLocationCode')) ?? uitId?.brug_code ?? null,
      codesysteem: text(child(ext, 'externalReferencingSystem')),
      naam: nl(find(loc, 'roadName')) ?? text(find(loc, 'roadName')),
      omschrijving: nl(at(r, 'generalPublicComment', 'comment')),
      bron: nl(at(r, 'source', 'sourceName')) ?? uitId?.bron ?? null,
      versietijd: text(child(r, 'situationRecordVersionTime')),
      geometrie: geometrieUitLocatie(loc),
    });
  }
  return out;
}

/** The safety-related messages of one v3 situation (every record with an id; one without is left out on purpose). */
export function veiligheidsberichtenUitSituatie(s: XNode): Veiligheidsbericht[] {
  const ernst = text(child(s, 'overallSeverity'));
  const out: Veiligheidsbericht[] = [];
  for (const r of childrenNamed(s, 'situationRecord')) {
    if (!r.attrs.id) continue;
    const loc = child(r, 'locationReference');
    const { van, tot } = window(r);
    const type = recordType(r);
    const eigen = type ? child(r, `${type[0].toLowerCase()}${type.slice(1)}Type`) : undefined;
    const subtype = eigen ?? r.children.find((c) => c.name.endsWith('Type') && !GEEN_SUBTYPE.has(c.name));
    const veilig = text(child(r, 'safetyRelatedMessage'));
    const cw = find(loc, 'carriageway');
    out.push({
      id: r.attrs.id,
      versie: r.attrs.version ?? null,
      situatie_id: s.attrs.id ?? null,
      type,
      subtype: text(subtype),
      veiligheidsgerelateerd: veilig === null ? null : veilig === 'true',
      ernst,
      waarschijnlijkheid: text(child(r, 'probabilityOfOccurrence')),
      geldig_vanaf: van,
      geldig_tot: tot,
      omschrijving: nl(at(r, 'generalPublicComment', 'comment')),
      bron: nl(at(r, 'source', 'sourceName')),
      rijbaan: text(child(cw, 'carriageway')) ?? text(cw),
      richting: text(find(loc, 'alertCDirectionCoded')),
      versietijd: text(child(r, 'situationRecordVersionTime')),
      geometrie: geometrieUitLocatie(loc),
    });
  }
  return out;
}

const tekst = z.string().min(1).nullable();

/** The shape of a converted bridge opening (checked by the tolerance tests; unknown is null). */
export const brugopeningRecordSchema = z.object({
  id: z.string().min(1),
  versie: tekst,
  situatie_id: tekst,
  type: tekst,
  status: tekst,
  waarschijnlijkheid: tekst,
  geldig_vanaf: tekst,
  geldig_tot: tekst,
  brug_code: tekst,
  codesysteem: tekst,
  naam: tekst,
  omschrijving: tekst,
  bron: tekst,
  versietijd: tekst,
  geometrie: geometrieSchema.nullable(),
}) satisfies z.ZodType<Brugopening>;

/** The shape of a converted safety-related message (checked by the tolerance tests; unknown is null). */
export const veiligheidsberichtRecordSchema = z.object({
  id: z.string().min(1),
  versie: tekst,
  situatie_id: tekst,
  type: tekst,
  subtype: tekst,
  veiligheidsgerelateerd: z.boolean().nullable(),
  ernst: tekst,
  waarschijnlijkheid: tekst,
  geldig_vanaf: tekst,
  geldig_tot: tekst,
  omschrijving: tekst,
  bron: tekst,
  rijbaan: tekst,
  richting: tekst,
  versietijd: tekst,
  geometrie: geometrieSchema.nullable(),
}) satisfies z.ZodType<Veiligheidsbericht>;

/** Whether a moment lies inside a validity window (an open end counts as open). */
export function binnenVenster(v: { geldig_vanaf: string | null; geldig_tot: string | null }, nu: Date): boolean {
  const t = nu.getTime();
  return (v.geldig_vanaf === null || Date.parse(v.geldig_vanaf) <= t) && (v.geldig_tot === null || t < Date.parse(v.geldig_tot));
}
