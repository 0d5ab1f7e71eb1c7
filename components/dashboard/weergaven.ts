// The dashboard's views, in the order of the tab bar. Each is a page under /dashboard.
export interface Weergave {
  pad: string;
  titel: string;
  uitleg: string;
}

export const WEERGAVEN: readonly Weergave[] = [
  { pad: '/dashboard', titel: 'Overzicht', uitleg: 'Aantallen, dekking, peildatum per bron en de nieuwste versie' },
  { pad: '/dashboard/netwerk', titel: 'Netwerk', uitleg: 'De drukste eigendomsstructuren en samenwerkingsverbanden als graaf, per jaar' },
  { pad: '/dashboard/holdings', titel: 'Holdings', uitleg: 'Ranglijst van hoofdholdings en per hoofdholding de eigendomsboom, vestigingen en wijzigingen' },
];
