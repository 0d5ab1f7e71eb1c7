// The methodology of the validated property object: per field its definition, the source fields it is
// read from and its limitations; the sources with licence and attribution; the privacy agreement.
import { z } from 'zod';
import { sourceById } from '@/lib/sources/registry';
import type { SourceDef } from '@/lib/sources/source';

export const methodiekFieldSchema = z.object({
  veld: z.string(),
  definitie: z.string(),
  bron: z.string().describe('Id van de bron (zie bronnen)'),
  bronvelden: z.array(z.string()),
  beperkingen: z.array(z.string()),
});

type Field = z.infer<typeof methodiekFieldSchema>;

export const methodiekFields: Field[] = [
  {
    veld: 'adres',
    definitie:
      'Het officiële adres: straat, huisnummer, huisletter, toevoeging, postcode en woonplaats van de nummeraanduiding, met de BAG-ids en het adrespunt in WGS84 en RD.',
    bron: 'pdok-locatieserver',
    bronvelden: [
      'straatnaam',
      'huisnummer',
      'huisletter',
      'huisnummertoevoeging',
      'postcode',
      'woonplaatsnaam',
      'nummeraanduiding_id',
      'adresseerbaarobject_id',
      'centroide_ll',
      'centroide_rd',
    ],
    beperkingen: [
      'De Locatieserver is een zoekindex op de BAG; een wijziging in de BAG is er doorgaans binnen een dag in te zien.',
      'De toevoeging wordt vergeleken met huisletter plus huisnummertoevoeging, zonder op hoofdletters, spaties of streepjes te letten.',
      'Spelling van toevoegingen kan afwijken van die in andere registers (WOZ, EP-Online).',
    ],
  },
  {
    veld: 'bouwjaar',
    definitie: 'Het oorspronkelijke bouwjaar van het pand waarin het verblijfsobject ligt.',
    bron: 'bag-ogc',
    bronvelden: ['verblijfsobject.pand.href', 'pand.bouwjaar'],
    beperkingen: ['Renovaties veranderen het bouwjaar niet.', 'Ligt het object in meer panden, dan geldt het oudste bouwjaar.'],
  },
  {
    veld: 'gebruiksoppervlakte_m2',
    definitie: 'Gebruiksoppervlakte van het verblijfsobject in vierkante meters (NEN 2580).',
    bron: 'bag-ogc',
    bronvelden: ['verblijfsobject.oppervlakte'],
    beperkingen: ['Gemeten volgens NEN 2580; wijkt af van woonoppervlakte in advertenties.'],
  },
  {
    veld: 'gebruiksdoelen',
    definitie: 'De gebruiksdoelen van het verblijfsobject (bijvoorbeeld woonfunctie).',
    bron: 'bag-ogc',
    bronvelden: ['verblijfsobject.gebruiksdoel (kommagescheiden)'],
    beperkingen: ['Het geregistreerde doel hoeft niet overeen te komen met het feitelijke gebruik.'],
  },
  {
    veld: 'pandstatus',
    definitie: 'De status van het pand in de BAG (bijvoorbeeld Pand in gebruik).',
    bron: 'bag-ogc',
    bronvelden: ['pand.status'],
    beperkingen: ['Ligt het object in meer panden, dan geldt de status van het eerste pand met een status.'],
  },
  {
    veld: 'woz_waarde',
    definitie: 'De vastgestelde WOZ-waarde met de nieuwste waardepeildatum (1 januari), in euro.',
    bron: 'woz-waardeloket',
    bronvelden: ['wozWaarden[].vastgesteldeWaarde', 'wozWaarden[].peildatum'],
    beperkingen: [
      'De waarde geldt op de peildatum, niet vandaag, en is geen taxatie.',
      'Het WOZ-waardeloket is bedoeld voor raadpleging per adres; er wordt niets in bulk opgevraagd.',
      'Gevraagd op de nummeraanduiding van het adres; kent het loket die niet of noemt het geen waarde, dan is het veld onbekend.',
    ],
  },
  {
    veld: 'energielabel',
    definitie: 'Het geregistreerde energielabel: energieklasse, registratiedatum, geldig tot, berekeningstype en gebouwtype.',
    bron: 'ep-online',
    bronvelden: ['Energieklasse', 'Registratiedatum', 'Geldig_tot', 'Berekeningstype', 'Gebouwtype'],
    beperkingen: [
      'Vraagt een API-sleutel van RVO; zonder sleutel is dit veld null met status onbeschikbaar.',
      'Bij meer registraties geldt het label met de nieuwste registratiedatum.',
      'Een label kan verouderd zijn; labels van voor 2021 zijn niet volgens NTA 8800 bepaald.',
    ],
  },
  {
    veld: 'kadastraal_perceel',
    definitie:
      'Het kadastrale perceel onder het adrespunt: aanduiding (gemeentecode-sectie-perceelnummer), kadastrale gemeente, sectie, perceelnummer en grootte.',
    bron: 'brk-kadastrale-kaart',
    bronvelden: [
      'perceel.akr_kadastrale_gemeente_code_waarde',
      'perceel.kadastrale_gemeente_waarde',
      'perceel.sectie',
      'perceel.perceelnummer',
      'perceel.kadastrale_grootte_waarde',
      'perceel.geometry',
    ],
    beperkingen: [
      'Het perceel waarvan de omtrek het adrespunt bevat; een adres dat over meer percelen ligt, toont alleen dat perceel.',
      'Appartementsrechten worden niet getoond.',
      'De kadastrale kaart is geen rechtsgeldige grensbepaling.',
    ],
  },
  {
    veld: 'buurt',
    definitie: 'Kerncijfers van de buurt van het adres: aantal inwoners en gemiddelde WOZ-waarde van woningen (in euro).',
    bron: 'cbs-statline',
    bronvelden: [
      'Kerncijfers wijken en buurten 2024 (85984NED): Aantal inwoners, Gemiddelde WOZ-waarde van woningen (x 1 000 euro); sleutels gevonden via de Title in DataProperties',
      'Locatieserver: buurtcode en buurtnaam van het adres',
    ],
    beperkingen: [
      'Jaarcijfers lopen één à twee jaar achter; de gemiddelde WOZ-waarde van editie 2024 hoort bij waardepeildatum 1 januari 2023.',
      'Kleine buurten worden om privacyredenen afgeschermd (null).',
      'Staat de buurtcode van het adres niet in editie 2024 (nieuwe buurtindeling), dan is het veld onbekend.',
    ],
  },
];

export const PRIVACY_AFSPRAAK =
  'Deze dienst slaat geen zoekvragen, adressen of correcties op. Een geüpload XML-bestand wordt in het geheugen verwerkt en daarna vergeten; de inhoud wordt niet bewaard en niet gelogd.';

/** The sources the methodology relies on, once each, in field order. */
export function methodiekSources(): SourceDef[] {
  return [...new Set(methodiekFields.map((f) => f.bron))].map(sourceById);
}

// The scenario method of the PDF report (formulas, constants with source and year, financing, emission
// factors, signal rules) lives next to the report code, built from its one data file (rapport/kentallen.ts).
export { scenarioMethode, scenarioMethodeSchema } from './rapport/methode';
