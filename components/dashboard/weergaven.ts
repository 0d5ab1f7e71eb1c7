// The dashboard's views, in the order of the tab bar. Each is a page under /dashboard.
export interface Weergave {
  pad: string;
  titel: string;
  uitleg: string;
}

export const WEERGAVEN: readonly Weergave[] = [
  { pad: '/dashboard', titel: 'Overzicht', uitleg: 'Aantallen, dekking, peildatum per bron en de nieuwste versie' },
  { pad: '/dashboard/metrieken', titel: 'Metrieken', uitleg: 'Alle kengetallen met hun verloop over de versies, formule, eenheid en schaal, bron en uitleg' },
  { pad: '/dashboard/radar', titel: 'Radar', uitleg: 'Consolidatoren, overnamesignalen en marktbeweging over een gekozen periode' },
  { pad: '/dashboard/netwerk', titel: 'Netwerk', uitleg: 'De drukste eigendomsstructuren en samenwerkingsverbanden als graaf, per jaar' },
  { pad: '/dashboard/holdings', titel: 'Holdings', uitleg: 'Ranglijst van hoofdholdings en per hoofdholding de eigendomsboom, vestigingen en wijzigingen' },
  { pad: '/dashboard/benchmark', titel: 'Benchmark', uitleg: 'De verdeling per metriek in een peergroep en de positie van één vestiging daarin' },
  { pad: '/dashboard/kansmodel', titel: 'Kansmodel', uitleg: 'De 20 hoogste consolidatiescores (0–100, een rangorde) met richting en bijdrage per factor' },
  { pad: '/dashboard/hypotheek', titel: 'Hypotheek', uitleg: 'Het hypotheeksegment: diensten, voorraad per jaar, vergunningsduur, spreiding en consolidatie' },
  { pad: '/dashboard/versies', titel: 'Versies', uitleg: 'Alle datasetversies met hun changelog, en de wijzigingen van elke versie' },
  { pad: '/dashboard/volglijst', titel: 'Volglijst en alerts', uitleg: 'Vestigingen en holdings volgen, en de alerts bij nieuwe versies (met een sleutel)' },
];
