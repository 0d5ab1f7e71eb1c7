import { extractWetsverwijzingen } from '@/lib/juridisch/extract';
const samples = [
  'Op grond van artikel 7:17 BW en art. 6:162 lid 1 BW is de verkoper aansprakelijk.',
  'De artikelen 6:74 en 6:75 BW, alsmede art. 7:658 lid 2 BW.',
  'Zie artikel 3 van de Drank- en Horecawet en art. 8:69 Awb en artikel 13 Grondwet.',
  'artikel 28, eerste lid, laatste zinsnede, van de Dienstenwet',
  'artikel 31, eerste lid, onder a en c van de Wet op de kansspelen',
  'artikelen 6:74 t/m 6:76 BW; artikel 162 van Boek 6 van het Burgerlijk Wetboek; artikel 7A:1576 BW',
  'ex 6 EVRM en artikel 6 van het Europees Verdrag tot bescherming van de rechten van de mens en de fundamentele vrijheden (EVRM). De 6:162 BW-vordering en 6:163 BW.',
  'artikel 3 Wbp; artikel 1 van de Wet ambtelijk toezicht bij openbare verkopingen is niet; artikel 9 van die wet; artikel 3. De rechter',
  'artikel 20, eerste tot en met derde lid, van de Wet publieke gezondheid; artikelen 8 tot en met 10 Sr; art. 350 Sr; artikel 2, tweede lid, onderdeel d, van de Wet Publieke Gezondheid',
];
for (const s of samples) {
  const r = extractWetsverwijzingen([{ onderdeel: 'tekst', tekst: s }]);
  console.log('>>', s);
  for (const v of r.verwijzingen) console.log('  ', v.citatie, v.bwb_id, v.artikel_endpoint, v.aantal, JSON.stringify(v.vindplaatsen.map(x=>x.tekst)));
  for (const n of r.niet_herkend) console.log('  ?', n.soort, n.tekst, n.aantal);
}
