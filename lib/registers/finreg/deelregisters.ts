// The 15 sub-registers (deelregisters) of the DNB public register that the importer downloads and the
// generator writes. Eight codes were seen in DNB material [D] (sources-registers.md §3); the other seven
// and all descriptions are our assumption, NOT verified against the live register list
// (GET /api/publicregister/Registers gives the real list when an API key is configured).
export interface Deelregister {
  code: string;
  omschrijving: string;
  /** gezien: the code occurs in DNB material; aangenomen: a plausible code, unverified. */
  herkomst: 'gezien' | 'aangenomen';
}

export const DEELREGISTERS: readonly Deelregister[] = [
  { code: 'WFTAF', omschrijving: 'Wft – aanbieders van financiële diensten', herkomst: 'gezien' },
  { code: 'WFTKF', omschrijving: 'Wft – kredietinstellingen met vergunning', herkomst: 'gezien' },
  { code: 'WFTBI', omschrijving: 'Wft – betaalinstellingen', herkomst: 'gezien' },
  { code: 'WFTVE', omschrijving: 'Wft – verzekeraars', herkomst: 'gezien' },
  { code: 'WFTEG', omschrijving: 'Wft – elektronischgeldinstellingen', herkomst: 'gezien' },
  { code: 'WFTDG', omschrijving: 'Wft – banken (depositogarantie)', herkomst: 'gezien' },
  { code: 'WTTTK', omschrijving: 'Wtt – trustkantoren', herkomst: 'gezien' },
  { code: 'PWPNF', omschrijving: 'Pensioenwet – pensioenfondsen', herkomst: 'gezien' },
  { code: 'WFTPP', omschrijving: 'Wft – premiepensioeninstellingen', herkomst: 'aangenomen' },
  { code: 'WFTWI', omschrijving: 'Wft – wisselinstellingen', herkomst: 'aangenomen' },
  { code: 'WFTCI', omschrijving: 'Wft – clearinginstellingen', herkomst: 'aangenomen' },
  { code: 'WFTBH', omschrijving: 'Wft – bewaarders van beleggingsinstellingen', herkomst: 'aangenomen' },
  { code: 'WFTVB', omschrijving: 'Wft – verzekeraars met beperkte risico-omvang', herkomst: 'aangenomen' },
  { code: 'WFTRI', omschrijving: 'Wft – registratie financiële instellingen (bijkantoren en paspoorten)', herkomst: 'aangenomen' },
  { code: 'WWFTC', omschrijving: 'Wwft – aanbieders van cryptodiensten', herkomst: 'aangenomen' },
];

/** Where DNB publishes the CSV download of one sub-register [D, unverified]. */
export const dnbCsvUrl = (code: string, base = 'https://www.dnb.nl/nl-NL/registerdownload/csv') => `${base.replace(/\/+$/, '')}/${code}`;
