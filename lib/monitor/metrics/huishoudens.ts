// Households per municipality for the mortgage spread (vestigingen per 10,000 households). A bundled
// table, not fetched: there is no live CBS link yet. It covers every place of the sample generator
// (lib/registers/generate/places.ts, PLACES) and a few common alternative spellings. Figures are private
// households per gemeente as best known for 2024 (CBS Kerncijfers wijken en buurten, AantalHuishoudens),
// rounded to thousands: approximations, good for the order of magnitude of a density, not for citing.
// Gemeenten as of 2024 (so Uden is in Maashorst, Hellevoetsluis in Voorne aan Zee).

export const HUISHOUDENS_BRON = {
  titel: 'Particuliere huishoudens per gemeente (CBS, 2024), afgerond op duizendtallen',
  jaar: 2024,
  tabel: 'CBS Kerncijfers wijken en buurten 2024, AantalHuishoudens (gemeenteniveau)',
  benadering: true,
  toelichting:
    'Gebundelde tabel; waarden overgenomen en afgerond op duizendtallen, niet live opgehaald. Plaatsen (woonplaatsen uit het register) worden hoofdletterongevoelig aan hun gemeente gekoppeld; plaatsen buiten de tabel tellen als onbekend. Wordt vervangen door de CBS-bron (85984NED) zodra die gekoppeld is.',
} as const;

/** Private households per gemeente (rounded to thousands). */
export const HUISHOUDENS_PER_GEMEENTE: Readonly<Record<string, number>> = {
  Amsterdam: 480_000,
  Rotterdam: 350_000,
  "'s-Gravenhage": 275_000,
  Utrecht: 180_000,
  Eindhoven: 124_000,
  Groningen: 138_000,
  Tilburg: 108_000,
  Almere: 93_000,
  Breda: 88_000,
  Nijmegen: 96_000,
  Apeldoorn: 75_000,
  Haarlem: 76_000,
  Arnhem: 85_000,
  Enschede: 78_000,
  Amersfoort: 68_000,
  "'s-Hertogenbosch": 74_000,
  Zaanstad: 70_000,
  Haarlemmermeer: 68_000,
  Zwolle: 58_000,
  Zoetermeer: 56_000,
  Leiden: 67_000,
  Maastricht: 67_000,
  Dordrecht: 56_000,
  Ede: 49_000,
  'Alphen aan den Rijn': 49_000,
  Leeuwarden: 61_000,
  Alkmaar: 51_000,
  Emmen: 49_000,
  Westland: 45_000,
  Delft: 53_000,
  Venlo: 49_000,
  Deventer: 46_000,
  'Sittard-Geleen': 44_000,
  Helmond: 43_000,
  Oss: 40_000,
  Amstelveen: 41_000,
  Hilversum: 43_000,
  Heerlen: 46_000,
  Nieuwegein: 29_000,
  Roosendaal: 36_000,
  Purmerend: 40_000,
  Schiedam: 39_000,
  Lelystad: 35_000,
  'Leidschendam-Voorburg': 37_000,
  Gouda: 34_000,
  Hoorn: 33_000,
  Vlaardingen: 36_000,
  Almelo: 33_000,
  Assen: 32_000,
  'Capelle aan den IJssel': 31_000,
  Veenendaal: 28_000,
  Zeist: 30_000,
  'Den Helder': 27_000,
  Hengelo: 37_000,
  Katwijk: 28_000,
  Harderwijk: 20_000,
  Doetinchem: 27_000,
  Middelburg: 22_000,
  Vlissingen: 21_000,
  Goes: 17_000,
  'Bergen op Zoom': 31_000,
  Oosterhout: 25_000,
  Waalwijk: 22_000,
  Weert: 23_000,
  Roermond: 28_000,
  Kampen: 22_000,
  Meppel: 15_000,
  Heerenveen: 23_000,
  'Súdwest-Fryslân': 39_000,
  Smallingerland: 25_000,
  Hoogeveen: 24_000,
  Wageningen: 20_000,
  Tiel: 19_000,
  Culemborg: 13_000,
  Woerden: 23_000,
  'Gooise Meren': 27_000,
  Heemstede: 12_000,
  Wassenaar: 12_000,
  Barneveld: 22_000,
  Nijkerk: 18_000,
  Houten: 20_000,
  IJsselstein: 15_000,
  Rijswijk: 27_000,
  Hardenberg: 25_000,
  Winterswijk: 13_000,
  Zutphen: 22_000,
  Valkenswaard: 15_000,
  Veldhoven: 20_000,
  Boxtel: 14_000,
  Maashorst: 26_000,
  'Etten-Leur': 19_000,
  Terneuzen: 25_000,
  Zwijndrecht: 20_000,
  Gorinchem: 17_000,
  Nissewaard: 39_000,
  'Voorne aan Zee': 31_000,
  'Krimpen aan den IJssel': 13_000,
};

/** Woonplaats → gemeente where the names differ; every other gemeente name is also a woonplaats of itself. */
export const PLAATS_NAAR_GEMEENTE: Readonly<Record<string, string>> = {
  'Den Haag': "'s-Gravenhage",
  'Den Bosch': "'s-Hertogenbosch",
  Zaandam: 'Zaanstad',
  Hoofddorp: 'Haarlemmermeer',
  'Nieuw-Vennep': 'Haarlemmermeer',
  Naaldwijk: 'Westland',
  Sittard: 'Sittard-Geleen',
  Geleen: 'Sittard-Geleen',
  Leidschendam: 'Leidschendam-Voorburg',
  Voorburg: 'Leidschendam-Voorburg',
  Sneek: 'Súdwest-Fryslân',
  Drachten: 'Smallingerland',
  Bussum: 'Gooise Meren',
  Naarden: 'Gooise Meren',
  Uden: 'Maashorst',
  Spijkenisse: 'Nissewaard',
  Hellevoetsluis: 'Voorne aan Zee',
  Brielle: 'Voorne aan Zee',
};

const sleutel = (s: string) => s.trim().toLocaleLowerCase('nl');

export interface HuishoudensTabel {
  /** The gemeente of a woonplaats (case-insensitive), or null when the table does not know it. */
  gemeenteVan(plaats: string | null | undefined): string | null;
  huishoudens(gemeente: string): number | null;
}

/** A table from plain records (the bundled one, tests, a future CBS import): gemeente → households, plaats → gemeente. */
export function huishoudensTabel(perGemeente: Readonly<Record<string, number>>, plaatsen: Readonly<Record<string, string>> = {}): HuishoudensTabel {
  const idx = new Map<string, string>();
  for (const g of Object.keys(perGemeente)) idx.set(sleutel(g), g);
  for (const [p, g] of Object.entries(plaatsen)) idx.set(sleutel(p), g);
  return {
    gemeenteVan: (plaats) => (plaats?.trim() ? (idx.get(sleutel(plaats)) ?? null) : null),
    huishoudens: (gemeente) => (Object.hasOwn(perGemeente, gemeente) ? perGemeente[gemeente] : null),
  };
}

/** The bundled table (see HUISHOUDENS_BRON). */
export const HUISHOUDENS: HuishoudensTabel = huishoudensTabel(HUISHOUDENS_PER_GEMEENTE, PLAATS_NAAR_GEMEENTE);
