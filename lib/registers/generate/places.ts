// Real Dutch places with the 4-digit postcode range they use (approximate, good enough for plausible
// addresses), weighted roughly by population so big cities get most companies, and a few foreign
// places for passport entries and foreign parents. Street names are generic ones found in most towns.
import type { Rng } from './prng';

export interface Place {
  name: string;
  /** first and last 4-digit postcode number of the place */
  pc: readonly [number, number];
  weight: number;
}

export const PLACES: readonly Place[] = [
  { name: 'Amsterdam', pc: [1011, 1109], weight: 90 },
  { name: 'Rotterdam', pc: [3011, 3089], weight: 65 },
  { name: 'Den Haag', pc: [2491, 2599], weight: 55 },
  { name: 'Utrecht', pc: [3511, 3585], weight: 36 },
  { name: 'Eindhoven', pc: [5611, 5658], weight: 24 },
  { name: 'Groningen', pc: [9711, 9747], weight: 24 },
  { name: 'Tilburg', pc: [5011, 5049], weight: 22 },
  { name: 'Almere', pc: [1311, 1363], weight: 22 },
  { name: 'Breda', pc: [4811, 4839], weight: 19 },
  { name: 'Nijmegen', pc: [6511, 6546], weight: 18 },
  { name: 'Apeldoorn', pc: [7311, 7339], weight: 17 },
  { name: 'Haarlem', pc: [2011, 2037], weight: 16 },
  { name: 'Arnhem', pc: [6811, 6846], weight: 16 },
  { name: 'Enschede', pc: [7511, 7548], weight: 16 },
  { name: 'Amersfoort', pc: [3811, 3829], weight: 16 },
  { name: "'s-Hertogenbosch", pc: [5211, 5248], weight: 16 },
  { name: 'Zaandam', pc: [1501, 1509], weight: 10 },
  { name: 'Hoofddorp', pc: [2131, 2137], weight: 10 },
  { name: 'Zwolle', pc: [8011, 8046], weight: 13 },
  { name: 'Zoetermeer', pc: [2711, 2729], weight: 12 },
  { name: 'Leiden', pc: [2311, 2334], weight: 12 },
  { name: 'Maastricht', pc: [6211, 6229], weight: 12 },
  { name: 'Dordrecht', pc: [3311, 3329], weight: 12 },
  { name: 'Ede', pc: [6711, 6718], weight: 11 },
  { name: 'Alphen aan den Rijn', pc: [2401, 2409], weight: 11 },
  { name: 'Leeuwarden', pc: [8911, 8941], weight: 12 },
  { name: 'Alkmaar', pc: [1811, 1834], weight: 11 },
  { name: 'Emmen', pc: [7811, 7891], weight: 11 },
  { name: 'Naaldwijk', pc: [2671, 2673], weight: 6 },
  { name: 'Delft', pc: [2611, 2629], weight: 10 },
  { name: 'Venlo', pc: [5911, 5935], weight: 10 },
  { name: 'Deventer', pc: [7411, 7429], weight: 10 },
  { name: 'Sittard', pc: [6131, 6137], weight: 6 },
  { name: 'Helmond', pc: [5701, 5709], weight: 9 },
  { name: 'Oss', pc: [5341, 5349], weight: 9 },
  { name: 'Amstelveen', pc: [1181, 1189], weight: 9 },
  { name: 'Hilversum', pc: [1211, 1223], weight: 9 },
  { name: 'Heerlen', pc: [6411, 6422], weight: 8 },
  { name: 'Nieuwegein', pc: [3431, 3439], weight: 6 },
  { name: 'Roosendaal', pc: [4701, 4709], weight: 8 },
  { name: 'Purmerend', pc: [1441, 1448], weight: 8 },
  { name: 'Schiedam', pc: [3111, 3125], weight: 8 },
  { name: 'Lelystad', pc: [8211, 8245], weight: 8 },
  { name: 'Leidschendam', pc: [2261, 2267], weight: 5 },
  { name: 'Gouda', pc: [2801, 2809], weight: 7 },
  { name: 'Hoorn', pc: [1621, 1628], weight: 7 },
  { name: 'Vlaardingen', pc: [3131, 3138], weight: 7 },
  { name: 'Almelo', pc: [7601, 7609], weight: 7 },
  { name: 'Assen', pc: [9401, 9411], weight: 7 },
  { name: 'Capelle aan den IJssel', pc: [2901, 2909], weight: 7 },
  { name: 'Veenendaal', pc: [3901, 3907], weight: 6 },
  { name: 'Zeist', pc: [3701, 3709], weight: 6 },
  { name: 'Den Helder', pc: [1781, 1789], weight: 6 },
  { name: 'Hengelo', pc: [7551, 7559], weight: 8 },
  { name: 'Katwijk', pc: [2221, 2225], weight: 6 },
  { name: 'Harderwijk', pc: [3841, 3849], weight: 5 },
  { name: 'Doetinchem', pc: [7001, 7009], weight: 5 },
  { name: 'Middelburg', pc: [4331, 4339], weight: 5 },
  { name: 'Vlissingen', pc: [4381, 4389], weight: 4 },
  { name: 'Goes', pc: [4461, 4465], weight: 4 },
  { name: 'Bergen op Zoom', pc: [4611, 4625], weight: 6 },
  { name: 'Oosterhout', pc: [4901, 4909], weight: 5 },
  { name: 'Waalwijk', pc: [5141, 5146], weight: 4 },
  { name: 'Weert', pc: [6001, 6006], weight: 5 },
  { name: 'Roermond', pc: [6041, 6046], weight: 5 },
  { name: 'Kampen', pc: [8261, 8266], weight: 4 },
  { name: 'Meppel', pc: [7941, 7944], weight: 3 },
  { name: 'Heerenveen', pc: [8441, 8448], weight: 5 },
  { name: 'Sneek', pc: [8601, 8608], weight: 3 },
  { name: 'Drachten', pc: [9201, 9204], weight: 4 },
  { name: 'Hoogeveen', pc: [7901, 7909], weight: 5 },
  { name: 'Wageningen', pc: [6701, 6709], weight: 4 },
  { name: 'Tiel', pc: [4001, 4007], weight: 4 },
  { name: 'Culemborg', pc: [4101, 4105], weight: 3 },
  { name: 'Woerden', pc: [3441, 3449], weight: 5 },
  { name: 'Bussum', pc: [1401, 1406], weight: 4 },
  { name: 'Heemstede', pc: [2101, 2106], weight: 3 },
  { name: 'Wassenaar', pc: [2241, 2245], weight: 3 },
  { name: 'Barneveld', pc: [3771, 3774], weight: 4 },
  { name: 'Nijkerk', pc: [3861, 3864], weight: 3 },
  { name: 'Houten', pc: [3991, 3995], weight: 4 },
  { name: 'IJsselstein', pc: [3401, 3404], weight: 3 },
  { name: 'Rijswijk', pc: [2281, 2289], weight: 5 },
  { name: 'Hardenberg', pc: [7771, 7773], weight: 3 },
  { name: 'Winterswijk', pc: [7101, 7103], weight: 2 },
  { name: 'Zutphen', pc: [7201, 7207], weight: 3 },
  { name: 'Valkenswaard', pc: [5551, 5556], weight: 3 },
  { name: 'Veldhoven', pc: [5501, 5509], weight: 4 },
  { name: 'Boxtel', pc: [5281, 5283], weight: 3 },
  { name: 'Uden', pc: [5401, 5406], weight: 4 },
  { name: 'Etten-Leur', pc: [4871, 4876], weight: 3 },
  { name: 'Terneuzen', pc: [4531, 4538], weight: 3 },
  { name: 'Zwijndrecht', pc: [3331, 3336], weight: 4 },
  { name: 'Gorinchem', pc: [4201, 4207], weight: 3 },
  { name: 'Spijkenisse', pc: [3201, 3208], weight: 5 },
  { name: 'Hellevoetsluis', pc: [3221, 3225], weight: 3 },
  { name: 'Krimpen aan den IJssel', pc: [2921, 2926], weight: 3 },
];

const PLACE_WEIGHTS = PLACES.map((p) => [p, p.weight] as const);

export const STREETS: readonly string[] = [
  'Dorpsstraat', 'Kerkstraat', 'Stationsweg', 'Stationsplein', 'Molenweg', 'Markt', 'Nieuwstraat', 'Hoofdstraat',
  'Schoolstraat', 'Julianastraat', 'Wilhelminalaan', 'Beatrixlaan', 'Industrieweg', 'Havenstraat', 'Parallelweg',
  'Kastanjelaan', 'Eikenlaan', 'Prins Bernhardlaan', 'Oranjestraat', 'Zuidwal', 'Noordsingel', 'Westeinde', 'Oostkade',
  'Ambachtsweg', 'Handelsweg', 'Europalaan', 'Lindelaan', 'Beukenlaan', 'Emmastraat', 'Nieuwe Gracht', 'Oude Haven',
  'Zakenpark', 'Kantorenpark', 'Hoge Weg', 'Brink', 'Veerweg', 'Singel', 'Marktplein', 'Energieweg', 'Transportweg',
  'Spoorlaan', 'Burgwal', 'Vestdijk', 'Kanaalweg', 'Tuinstraat', 'Weverstraat', 'Smidsweg', 'Bleekveld', 'Waterstraat',
];

/** Letters used in postcode suffixes (the ones PostNL avoids left out). */
const PC_LETTERS = 'ABCDEGHJKLMNPRSTVWXZ';

export interface Address {
  street: string;
  /** street and house number, e.g. "Kerkstraat 12a" */
  line: string;
  postcode: string;
  city: string;
}

export function pickPlace(r: Rng): Place {
  return r.weighted(PLACE_WEIGHTS);
}

/** A plausible address in the given place (postcode within its range, "1234 AB"). */
export function addressIn(r: Rng, place: Place): Address {
  const digits = r.int(place.pc[0], place.pc[1]);
  let letters = r.chars(PC_LETTERS, 2);
  if (letters === 'SS' || letters === 'SD' || letters === 'SA') letters = 'AB';
  const street = r.pick(STREETS);
  const nr = r.int(1, r.chance(0.8) ? 120 : 400);
  const suffix = r.chance(0.08) ? r.pick(['a', 'b', 'c', '-1', '-2', ' A', ' bis']) : '';
  return { street, line: `${street} ${nr}${suffix}`, postcode: `${digits} ${letters}`, city: place.name };
}

export interface ForeignPlace {
  /** ISO 3166 alpha-2 */
  country: string;
  /** the Dutch name of the country, as the AFM register shows it */
  land: string;
  city: string;
  postcode: string;
  street: string;
  /** member of the EEA (can passport into the Netherlands) */
  eea: boolean;
  /** a GLEIF registration authority code plausible for the country */
  ra: string;
}

export const FOREIGN_PLACES: readonly ForeignPlace[] = [
  { country: 'DE', land: 'Duitsland', city: 'Frankfurt am Main', postcode: '60311', street: 'Taunusanlage', eea: true, ra: 'RA000242' },
  { country: 'DE', land: 'Duitsland', city: 'München', postcode: '80331', street: 'Maximilianstraße', eea: true, ra: 'RA000243' },
  { country: 'DE', land: 'Duitsland', city: 'Düsseldorf', postcode: '40213', street: 'Königsallee', eea: true, ra: 'RA000217' },
  { country: 'BE', land: 'België', city: 'Brussel', postcode: '1000', street: 'Kunstberg', eea: true, ra: 'RA000025' },
  { country: 'BE', land: 'België', city: 'Antwerpen', postcode: '2000', street: 'Meir', eea: true, ra: 'RA000025' },
  { country: 'FR', land: 'Frankrijk', city: 'Paris', postcode: '75008', street: 'Boulevard Haussmann', eea: true, ra: 'RA000189' },
  { country: 'LU', land: 'Luxemburg', city: 'Luxembourg', postcode: 'L-1855', street: 'Avenue J.F. Kennedy', eea: true, ra: 'RA000432' },
  { country: 'IE', land: 'Ierland', city: 'Dublin', postcode: 'D02 X525', street: 'Grand Canal Quay', eea: true, ra: 'RA000402' },
  { country: 'ES', land: 'Spanje', city: 'Madrid', postcode: '28046', street: 'Paseo de la Castellana', eea: true, ra: 'RA000780' },
  { country: 'IT', land: 'Italië', city: 'Milano', postcode: '20121', street: 'Via Manzoni', eea: true, ra: 'RA000407' },
  { country: 'AT', land: 'Oostenrijk', city: 'Wien', postcode: '1010', street: 'Graben', eea: true, ra: 'RA000017' },
  { country: 'DK', land: 'Denemarken', city: 'København', postcode: '1050', street: 'Kongens Nytorv', eea: true, ra: 'RA000170' },
  { country: 'SE', land: 'Zweden', city: 'Stockholm', postcode: '111 43', street: 'Kungsgatan', eea: true, ra: 'RA000544' },
  { country: 'MT', land: 'Malta', city: 'Sliema', postcode: 'SLM 1549', street: 'Tower Road', eea: true, ra: 'RA000447' },
  { country: 'LT', land: 'Litouwen', city: 'Vilnius', postcode: '01103', street: 'Gedimino prospektas', eea: true, ra: 'RA000433' },
  { country: 'GB', land: 'Verenigd Koninkrijk', city: 'London', postcode: 'EC2V 7HH', street: 'Gresham Street', eea: false, ra: 'RA000585' },
  { country: 'CH', land: 'Zwitserland', city: 'Zürich', postcode: '8001', street: 'Bahnhofstrasse', eea: false, ra: 'RA000548' },
  { country: 'US', land: 'Verenigde Staten', city: 'New York', postcode: '10017', street: 'Park Avenue', eea: false, ra: 'RA000665' },
];

export const EEA_PLACES = FOREIGN_PLACES.filter((p) => p.eea);
