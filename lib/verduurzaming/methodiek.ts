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
    definitie: 'Het officiële adres: straat, huisnummer, huisletter, toevoeging, postcode en woonplaats van de nummeraanduiding.',
    bron: 'bag-ogc',
    bronvelden: ['adres.openbare_ruimte_naam', 'adres.huisnummer', 'adres.huisletter', 'adres.toevoeging', 'adres.postcode', 'adres.woonplaats_naam'],
    beperkingen: ['Spelling van toevoegingen kan afwijken van die in andere registers (WOZ, EP-Online).'],
  },
  {
    veld: 'bouwjaar',
    definitie: 'Het oorspronkelijke bouwjaar van het pand waarin het verblijfsobject ligt.',
    bron: 'bag-ogc',
    bronvelden: ['pand.bouwjaar'],
    beperkingen: ['Renovaties veranderen het bouwjaar niet.', 'Ligt het object in meer panden, dan wordt elk bouwjaar getoond.'],
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
    bronvelden: ['verblijfsobject.gebruiksdoel'],
    beperkingen: ['Het geregistreerde doel hoeft niet overeen te komen met het feitelijke gebruik.'],
  },
  {
    veld: 'pandstatus',
    definitie: 'De status van het pand in de BAG (bijvoorbeeld Pand in gebruik).',
    bron: 'bag-ogc',
    bronvelden: ['pand.status'],
    beperkingen: [],
  },
  {
    veld: 'woz_waarde',
    definitie: 'De vastgestelde WOZ-waarde per peildatum (1 januari), in euro.',
    bron: 'woz-waardeloket',
    bronvelden: ['wozWaarden[].vastgesteldeWaarde', 'wozWaarden[].peildatum'],
    beperkingen: [
      'De waarde geldt op de peildatum, niet vandaag, en is geen taxatie.',
      'Het WOZ-waardeloket is bedoeld voor raadpleging per adres; er wordt niets in bulk opgevraagd.',
    ],
  },
  {
    veld: 'energielabel',
    definitie: 'Het geregistreerde energielabel: energieklasse, registratiedatum, geldig tot en berekeningstype.',
    bron: 'ep-online',
    bronvelden: ['Energieklasse', 'Registratiedatum', 'Geldig_tot', 'Berekeningstype', 'Gebouwtype'],
    beperkingen: [
      'Vraagt een API-sleutel van RVO; zonder sleutel is dit veld null met status onbeschikbaar.',
      'Een label kan verouderd zijn; labels van voor 2021 zijn niet volgens NTA 8800 bepaald.',
    ],
  },
  {
    veld: 'kadastraal_perceel',
    definitie: 'Het kadastrale perceel onder het adres: kadastrale gemeente, sectie, perceelnummer en grootte.',
    bron: 'brk-kadastrale-kaart',
    bronvelden: ['perceel.kadastrale_gemeente_code', 'perceel.sectie', 'perceel.perceelnummer', 'perceel.kadastrale_grootte'],
    beperkingen: ['Appartementsrechten worden niet getoond.', 'De kadastrale kaart is geen rechtsgeldige grensbepaling.'],
  },
  {
    veld: 'buurt_context',
    definitie: 'Kerncijfers van de buurt van het adres: inwoners, gemiddelde WOZ-waarde, aandeel koopwoningen.',
    bron: 'cbs-statline',
    bronvelden: ['Kerncijfers wijken en buurten: AantalInwoners, GemiddeldeWOZWaardeVanWoningen, Koopwoningen'],
    beperkingen: ['Jaarcijfers lopen één à twee jaar achter.', 'Kleine buurten worden om privacyredenen afgeschermd (null).'],
  },
];

export const PRIVACY_AFSPRAAK =
  'Deze dienst slaat geen zoekvragen, adressen of correcties op. Een geüpload XML-bestand wordt in het geheugen verwerkt en daarna vergeten; de inhoud wordt niet bewaard en niet gelogd.';

/** The sources the methodology relies on, once each, in field order. */
export function methodiekSources(): SourceDef[] {
  return [...new Set(methodiekFields.map((f) => f.bron))].map(sourceById);
}
