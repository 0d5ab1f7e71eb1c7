// The dashboard's views, in the order of the tab bar. Each is a page under /dashboard.
export interface Weergave {
  pad: string;
  titel: string;
  uitleg: string;
}

export const WEERGAVEN: readonly Weergave[] = [
  { pad: '/dashboard', titel: 'Overzicht', uitleg: 'Aantallen, dekking, peildatum per bron en de nieuwste versie' },
  { pad: '/dashboard/radar', titel: 'Radar', uitleg: 'Consolidatoren, overnamesignalen en marktbeweging over een gekozen periode' },
  { pad: '/dashboard/kansmodel', titel: 'Kansmodel', uitleg: 'De 20 hoogste consolidatiekansen met richting en bijdrage per factor' },
  { pad: '/dashboard/hypotheek', titel: 'Hypotheek', uitleg: 'Het hypotheeksegment: diensten, voorraad per jaar, vergunningsduur, spreiding en consolidatie' },
];
