// The dashboard's views, in the order of the tab bar. Each is a page under /dashboard.
export interface Weergave {
  pad: string;
  titel: string;
  uitleg: string;
}

export const WEERGAVEN: readonly Weergave[] = [
  { pad: '/dashboard', titel: 'Overzicht', uitleg: 'Aantallen, dekking, peildatum per bron en de nieuwste versie' },
  { pad: '/dashboard/benchmark', titel: 'Benchmark', uitleg: 'De verdeling per metriek in een peergroep en de positie van één vestiging daarin' },
  { pad: '/dashboard/versies', titel: 'Versies', uitleg: 'Alle datasetversies met hun changelog, en de wijzigingen van elke versie' },
  { pad: '/dashboard/volglijst', titel: 'Volglijst en alerts', uitleg: 'Vestigingen en holdings volgen, en de alerts bij nieuwe versies (met een sleutel)' },
];
