// The zero-measurement reader: untrusted XML text in, a Nulmeting out (or a thrown Problem). Pure and
// in memory: no I/O, no logging, nothing kept. Used by POST /v1/verduurzaming/nulmeting and the report
// operations.
import { Problem } from '@/lib/api/problems';
import type { Nulmeting } from '@/lib/verduurzaming/types';
import { readXml } from './safe-xml';
import { detectFormat } from './detect';
import { shortName } from './structure-scan';
import { extractMonitoringsbestand } from './extract-monitoringsbestand';
import { extractMaatwerkadvies } from './extract-maatwerkadvies';
import { extractNta8800 } from './extract-nta8800';
import { extractPandcertificaat } from './extract-pandcertificaat';
import { labelsprong } from './labelsprong';
import { herkenning } from './herkenning';
import type { NulmetingVelden } from './velden';

const BEKENDE_FORMATEN =
  'een EP-Online-monitoringsbestand (v4.4, v4.0 of 2019), een maatwerkadvies (v2.0 of v1.0), een NTA 8800-export of een oud EP-Online-labelbestand';

/** Reads a zero-measurement from an energy-performance XML file; throws a 400/422 Problem otherwise. */
export function leesNulmeting(xml: string): Nulmeting {
  const root = readXml(xml);
  const format = detectFormat(root);
  if (!format) {
    throw new Problem('unprocessable_xml', {
      detail:
        `Geen energiegegevens herkend: het bestand is welgevormde XML, maar het root-element <${shortName(root.name)}> ` +
        `hoort bij geen bekend energieprestatieformaat. Verwacht wordt ${BEKENDE_FORMATEN}.`,
    });
  }

  let velden: NulmetingVelden;
  switch (format.soort) {
    case 'monitoringsbestand':
      velden = extractMonitoringsbestand(root, format.naam, format.versie);
      break;
    case 'maatwerkadvies':
      velden = extractMaatwerkadvies(root, format.naam, format.versie);
      break;
    case 'nta8800':
      velden = extractNta8800(root, format.naam);
      break;
    case 'pandcertificaat':
      velden = extractPandcertificaat(format.record, format.prefix, format.naam);
      break;
  }

  const { herkend, niet_herkend } = herkenning(velden);
  if (herkend.length === 0) {
    throw new Problem('unprocessable_xml', {
      detail: `Het bestand lijkt op het formaat ${format.naam}, maar geen van de gezochte gegevens (energieklasse, energie-index/EP2, adres, maatregelen, opnamedatum) is erin gevonden.`,
    });
  }

  return {
    format: velden.format,
    energieklasse: velden.energieklasse,
    energie_index_of_ep2: velden.energie_index_of_ep2,
    adres: velden.adres,
    maatregelen: velden.maatregelen,
    opnamedatum: velden.opnamedatum,
    ...(velden.stappenplan_inhoud ? { stappenplan_inhoud: velden.stappenplan_inhoud } : {}),
    labelsprong: labelsprong(velden.energieklasse, velden.maatregelen),
    herkend,
    niet_herkend,
  };
}
