// The one-page A4 PDF of the sustainability report, drawn with @react-pdf/renderer: a header with the
// energy-label chips (current to target) in the label colours of lib/verduurzaming/label-colours.ts
// (A++++ #00803c, A+++ #00963f, A++ #1ea548, A+ #52b447, A #8cc63f, B #c8d92b, C #fff200, D #fdb913,
// E #f58220, F #ed1c24, G #b2191f: dark green to red as on the Dutch/EU label), the cover sheet, the
// signals, the three scenarios, the ranked measures, a source line and the assumptions.
// It fits one page without cutting text off: texts wrap inside their boxes; only a measure's name in the
// table is shortened, at a word boundary, to two lines (the full name is in the JSON report and on the
// page). Every signal is shown; measures that do not get a table row are named in one closing line ("En 2
// andere maatregelen: ..."), never referred to elsewhere. When an extreme file still does not fit one A4,
// the page is drawn again with fewer table rows (MAATREGEL_REGELS): it grows, it never clips. Numbers and dates are written by opmaak.ts (318,45;
// € 9.400; 1 januari 2025), the same helper the report page uses. Fonts are TTF files shipped in assets/fonts.
// @react-pdf/renderer is ESM-only with import-only subpath exports, so it is loaded with import() at render
// time: that works in Next.js, vitest and CommonJS scripts run by tsx alike.
import path from 'node:path';
import type { Styles } from '@react-pdf/renderer';
import type { LabelKlasse } from '../types';
import { LABEL_CLASSES } from '../types';
import { LABEL_COLOURS, labelTextColour } from '../label-colours';
import { aannameRegel } from './aannames';
import { stappenplanZin } from './maatregel-naam';
import { datum, ep2, euro, getal, kortInWoorden, teken } from './opmaak';
import { methodiekVerwijzing } from '../methodiek-titel';
import { gelezen, nietGelezen } from './gelezen';
import { besteDoel, type PdfRapport } from './report';
import type { Scenario } from './scenarios';

export const MAX_MAATREGELEN = 8;

const FAMILY = 'DejaVuSansCondensed';
type PdfLib = typeof import('@react-pdf/renderer');
let lib: Promise<PdfLib> | null = null;

/** Loads the renderer once and registers the shipped fonts (a local path, never a URL), no hyphenation. */
function loadRenderer(): Promise<PdfLib> {
  lib ??= import('@react-pdf/renderer').then((R) => {
    registerFonts(R);
    return R;
  });
  return lib;
}

/** Registers the two shipped DejaVu Sans Condensed files under one family. */
function registerFonts({ Font }: PdfLib): void {
  const dir = path.join(process.cwd(), 'assets', 'fonts');
  Font.register({
    family: FAMILY,
    fonts: [
      { src: path.join(dir, 'DejaVuSansCondensed.ttf'), fontWeight: 'normal' },
      { src: path.join(dir, 'DejaVuSansCondensed-Bold.ttf'), fontWeight: 'bold' },
    ],
  });
  // No hyphenation of Dutch words; only an unbroken run of characters (a code, a pasted URL) may break.
  Font.registerHyphenationCallback((word) => (word.length > 24 ? (word.match(/.{1,12}/g) ?? [word]) : [word]));
}

// --- formatting ------------------------------------------------------------------------------------------

/** Cuts a text to at most `n` characters at a word boundary, ending in an ellipsis (see opmaak.ts). */
export const kort = kortInWoorden;

/** Change of yearly use: less gas is negative, more electricity positive. */
const verbruik = (b: { aardgas_m3: number; elektriciteit_kwh: number }) =>
  [b.aardgas_m3 !== 0 ? `${teken(-b.aardgas_m3)} m³` : null, b.elektriciteit_kwh !== 0 ? `${teken(-b.elektriciteit_kwh)} kWh` : null]
    .filter(Boolean)
    .join(' · ') || '0';
/** Upper-cases the first letter of a sentence. */
const zin = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** The smallest font size the PDF uses for any text, the assumptions line included. */
export const MIN_FONT_SIZE = 6.5;
/** Characters of a measure's name in the table: two lines of the name column at 7.4 pt. */
export const MAATREGEL_NAAM_TEKENS = 150;
/** Characters per line of the name column (301 pt at 7.4 pt; DejaVu Sans Condensed averages < 0.5 em). */
const NAAM_TEKENS_PER_REGEL = 75;
/**
 * Lines the measures table may take, tried in this order until the page is one A4: further measures are
 * named in one closing line. The first always fits ordinary files; the smaller ones are for a page that is
 * already full of long addresses and signals.
 */
export const MAATREGEL_REGELS = [8, 5, 3, 1] as const;

/** The measures that get a table row: in rank order while their (estimated) lines fit `maxRegels` (at least one row). */
export function maatregelenInTabel<T extends { naam: string }>(alle: readonly T[], maxRegels: number = MAATREGEL_REGELS[0]): T[] {
  const rijen: T[] = [];
  let regels = 0;
  for (const m of alle.slice(0, MAX_MAATREGELEN)) {
    const n = Math.ceil(kort(m.naam, MAATREGEL_NAAM_TEKENS).length / NAAM_TEKENS_PER_REGEL);
    if (rijen.length > 0 && regels + n > maxRegels) break;
    rijen.push(m);
    regels += n;
  }
  return rijen;
}

// --- styles ----------------------------------------------------------------------------------------------

const PAGE_PADDING_TOP = 26;
const PAGE_PADDING_BOTTOM = 18;
/** Left and right page margin. */
export const PAGE_MARGIN_X = 30;

const INK = '#1d2622';
const MUTED = '#5b6762';
const RULE = '#d5dcd8';
const ACCENT = '#0f5c45';
const TINT = '#f2f6f4';

const s = {
  page: { fontFamily: FAMILY, fontSize: 8, color: INK, paddingTop: PAGE_PADDING_TOP, paddingBottom: PAGE_PADDING_BOTTOM, paddingHorizontal: PAGE_MARGIN_X, lineHeight: 1.25, flexDirection: 'column' },
  header: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' },
  kicker: { fontSize: 7.5, letterSpacing: 0.3, color: ACCENT, fontWeight: 'bold' },
  title: { fontSize: 15, fontWeight: 'bold', marginTop: 3, lineHeight: 1.2 },
  subtitle: { fontSize: 9, color: MUTED, marginTop: 1 },
  meta: { fontSize: 6.8, color: MUTED, marginTop: 4 },
  chips: { flexDirection: 'row', alignItems: 'flex-end' },
  chipCaption: { fontSize: 6.5, color: MUTED, marginBottom: 2, textAlign: 'center' },
  arrow: { fontSize: 14, color: MUTED, marginHorizontal: 6, marginBottom: 5 },
  scale: { flexDirection: 'row', marginTop: 9, marginBottom: 2 },
  rule: { borderBottomWidth: 1, borderBottomColor: ACCENT, marginTop: 6 },
  section: { marginTop: 8 },
  sectionTitle: { fontSize: 7.2, fontWeight: 'bold', color: ACCENT, letterSpacing: 0.3, marginBottom: 4 },
  twoCol: { flexDirection: 'row', marginTop: 8 },
  col: { flex: 1 },
  factRow: { flexDirection: 'row', paddingVertical: 1.6, borderBottomWidth: 0.5, borderBottomColor: RULE },
  factLabel: { width: 92, color: MUTED, fontSize: 7.2 },
  factValue: { flex: 1, fontSize: 7.6 },
  signal: { flexDirection: 'row', marginBottom: 2.5 },
  signalMark: { width: 10, color: '#b25b00', fontWeight: 'bold' },
  signalText: { flex: 1, fontSize: 7.3 },
  cards: { flexDirection: 'row', marginTop: 2 },
  card: { flex: 1, borderWidth: 0.8, borderColor: RULE, borderRadius: 3, marginRight: 6 },
  cardLast: { marginRight: 0 },
  cardHead: { backgroundColor: TINT, paddingHorizontal: 6, paddingVertical: 4, flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
  cardTitle: { fontSize: 9, fontWeight: 'bold', color: ACCENT },
  cardBody: { paddingHorizontal: 6, paddingTop: 4, paddingBottom: 5 },
  cardWhat: { fontSize: 7.4, minHeight: 19 },
  cardSrc: { fontSize: MIN_FONT_SIZE, color: MUTED, marginTop: 1, marginBottom: 2 },
  kv: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 1.7, borderBottomWidth: 0.5, borderBottomColor: RULE },
  kvKey: { fontSize: 7, color: MUTED },
  kvVal: { fontSize: 7.8, fontWeight: 'bold', textAlign: 'right' },
  kvBig: { fontSize: 10, fontWeight: 'bold', textAlign: 'right' },
  kvSmall: { fontSize: 7, textAlign: 'right' },
  cardNote: { fontSize: MIN_FONT_SIZE, color: MUTED, marginTop: 3 },
  table: { borderTopWidth: 0.8, borderTopColor: INK },
  tr: { flexDirection: 'row', alignItems: 'center', paddingVertical: 1.8, borderBottomWidth: 0.5, borderBottomColor: RULE },
  th: { fontSize: MIN_FONT_SIZE, color: MUTED, fontWeight: 'bold' },
  td: { fontSize: 7.4 },
  small: { fontSize: MIN_FONT_SIZE, color: MUTED },
  explain: { fontSize: MIN_FONT_SIZE, color: MUTED, lineHeight: 1.3 },
  body: { flexGrow: 1 },
  bottom: { marginTop: 6 },
  sources: { fontSize: MIN_FONT_SIZE, color: MUTED },
  footer: { marginTop: 3, paddingTop: 3, borderTopWidth: 0.5, borderTopColor: RULE, color: INK, fontSize: MIN_FONT_SIZE, lineHeight: 1.3 },
} satisfies Styles;

/** The report as a react-pdf element tree, drawn with the renderer's primitives. */
export function rapportDocument(R: PdfLib, r: PdfRapport, maxRegels: number = MAATREGEL_REGELS[0], methodiekUrl: string | null = null) {
  const { Document, Page, Polygon, Svg, Text, View } = R;

  // --- pieces ----------------------------------------------------------------------------------------------

  /** An energy-label chip: an arrow-shaped tag in the class colour with the class in it. */
  function LabelChip({ klasse, width = 46, height = 22, fontSize = 12 }: { klasse: LabelKlasse | null; width?: number; height?: number; fontSize?: number }) {
    const fill = klasse ? LABEL_COLOURS[klasse] : '#c9cfcc';
    const tip = height / 2;
    // Long classes (A++++) get a smaller size so they stay inside the tag: bold glyphs average ~0.68 em.
    const size = Math.min(fontSize, (width - tip) / (Math.max(1, (klasse ?? '?').length) * 0.68));
    const points = `0,0 ${width - tip},0 ${width},${tip} ${width - tip},${height} 0,${height}`;
    return (
      <View style={{ width, height, position: 'relative' }}>
        <Svg width={width} height={height} style={{ position: 'absolute', top: 0, left: 0 }}>
          <Polygon points={points} fill={fill} />
        </Svg>
        <Text
          style={{
            position: 'absolute',
            top: (height - size * 1.2) / 2,
            left: 0,
            width: width - tip / 2,
            textAlign: 'center',
            fontSize: size,
            fontWeight: 'bold',
            color: klasse ? labelTextColour(klasse) : INK,
          }}
        >
          {klasse ?? '?'}
        </Text>
      </View>
    );
  }

  /** The scale of all classes, with the current and the target class raised. */
  function LabelScale({ huidig, doel }: { huidig: LabelKlasse | null; doel: LabelKlasse | null }) {
    return (
      <View style={s.scale}>
        {LABEL_CLASSES.map((k) => {
          const mark = k === huidig || k === doel;
          return (
            <View key={k} style={{ flex: 1, marginRight: 1.5 }}>
              <View style={{ height: mark ? 12 : 8, marginTop: mark ? 0 : 4, backgroundColor: LABEL_COLOURS[k], borderRadius: 1 }} />
              <Text style={{ fontSize: MIN_FONT_SIZE, textAlign: 'center', marginTop: 1.5, color: mark ? INK : MUTED, fontWeight: mark ? 'bold' : 'normal' }}>
                {k}
                {k === huidig ? ' nu' : k === doel ? ' doel' : ''}
              </Text>
            </View>
          );
        })}
      </View>
    );
  }

  function Fact({ label, value }: { label: string; value: string }) {
    return (
      <View style={s.factRow}>
        <Text style={s.factLabel}>{label}</Text>
        <Text style={s.factValue}>{value}</Text>
      </View>
    );
  }

  function KV({ k, v, big = false, small = false, tone }: { k: string; v: string; big?: boolean; small?: boolean; tone?: string }) {
    return (
      <View style={s.kv}>
        <Text style={s.kvKey}>{k}</Text>
        <Text style={[big ? s.kvBig : small ? s.kvSmall : s.kvVal, tone ? { color: tone } : {}]}>{v}</Text>
      </View>
    );
  }

  function investeringTekst(sc: Scenario): string {
    const i = sc.investering;
    if (i.bedrag === null) return '—';
    return `${i.onvolledig ? '≥ ' : ''}${euro(i.bedrag)}${i.herkomst === 'kentallen' ? '*' : ''}`;
  }

  function ScenarioCard({ sc, last }: { sc: Scenario; last: boolean }) {
    const b = sc.besparing;
    const berekend = sc.status === 'berekend';
    const wat = berekend ? sc.omschrijving : (sc.toelichting ?? '');
    const herkomst = !berekend
      ? ''
      : sc.herkomst === 'bestand'
        ? 'Uit het bestand'
        : 'Standaardpakket met kentallen';
    return (
      <View style={last ? [s.card, s.cardLast] : s.card}>
        <View style={s.cardHead}>
          <Text style={s.cardTitle}>{sc.titel}</Text>
          <LabelChip klasse={sc.doel_label} width={30} height={14} fontSize={7.5} />
        </View>
        <View style={s.cardBody}>
          <Text style={s.cardWhat}>{kort(wat, 90)}</Text>
          <Text style={s.cardSrc}>{herkomst}</Text>
          {berekend ? (
            <View>
              <KV k="Investering" v={investeringTekst(sc)} big />
              <KV k="Besparing per jaar" v={b?.euro_per_jaar != null ? euro(b.euro_per_jaar) : '—'} />
              <KV k="Financiering per maand" v={sc.financiering ? euro(sc.financiering.maandlast, 2) : '—'} />
              <KV k="Netto per maand" v={sc.netto_per_maand !== null ? euro(sc.netto_per_maand, 2) : '—'} tone={sc.netto_per_maand === null ? undefined : sc.netto_per_maand >= 0 ? ACCENT : '#b3261e'} />
              <KV k="CO₂ minder per jaar" v={b ? `${getal(b.co2_kg_per_jaar)} kg` : '—'} />
              <KV k="Verbruik per jaar" v={b ? verbruik(b) : '—'} small />
              <KV k="Investering / WOZ" v={sc.aandeel_woz_pct !== null ? `${getal(sc.aandeel_woz_pct, 1)}%` : '—'} />
              <Text style={s.cardNote}>
                {[
                  sc.doel_ep2 !== null ? `Doel EP2 ${ep2(sc.doel_ep2)} kWh/m²·jr${sc.doel_ep2_geschat ? ' (geschat)' : ''}` : null,
                  sc.toelichting,
                ]
                  .filter((t): t is string => Boolean(t))
                  .map(zin)
                  .join('. ')}
              </Text>
            </View>
          ) : (
            <Text style={[s.cardNote, { marginTop: 6 }]}>{sc.status === 'al_bereikt' ? 'Al bereikt.' : 'Niet te berekenen.'}</Text>
          )}
        </View>
      </View>
    );
  }

  // --- the document ----------------------------------------------------------------------------------------

  /** The report page. */
  function RapportDocument({ r }: { r: PdfRapport }) {
    const adres = r.pand.adres;
    const u = r.uitgangspunt;
    const doel = besteDoel(r) ?? r.scenarios.find((x) => x.id === 'beste_doel')?.doel_label ?? null;
    const straat = adres
      ? `${adres.straat} ${adres.huisnummer}${adres.huisletter ?? ''}${adres.toevoeging ? `-${adres.toevoeging}` : ''}`
      : r.adres.opgevraagd;
    const plaats = adres ? `${adres.postcode.replace(/^(\d{4})([A-Z]{2})$/, '$1 $2')} ${adres.woonplaats}` : '';
    const woz = r.pand.woz_waarde;
    const buurt = r.pand.buurt;
    const reg = r.pand.energielabel;
    const perceel = r.pand.kadastraal_perceel;
    const ep = r.nulmeting.energie_index_of_ep2;
    const maatregelen = maatregelenInTabel(r.gerangschikt, maxRegels);
    const overige = r.gerangschikt.slice(maatregelen.length);
    const stappenplan = stappenplanZin(r.nulmeting.stappenplan_inhoud, r.gerangschikt);
    const sig = r.signalen;
    const footer = aannameRegel(r.aannames);
    const methodiek = methodiekVerwijzing(methodiekUrl);
    const bronnen = r.bronnen.map((b) => `${b.attributie.replace(/^Bron:\s*/i, '')}${b.status === 'onbeschikbaar' ? ' (onbeschikbaar)' : ''}`);

    return (
      <Document title={`Verduurzamingsrapport ${straat}`} author="Nederlandse publieke data, één standaard" language="nl">
        <Page size="A4" style={s.page}>
          <View style={s.body}>
            <View style={s.header}>
              <View style={{ flex: 1, paddingRight: 14 }}>
                <Text style={s.kicker}>VERDUURZAMINGSRAPPORT</Text>
                <Text style={[s.title, straat.length > 48 ? { fontSize: 12 } : {}]}>{straat}</Text>
                <Text style={s.subtitle}>{plaats}</Text>
                <Text style={s.meta}>
                  {`Opgesteld ${datum(r.gegenereerd_op)} · nulmeting ${datum(r.nulmeting.opnamedatum)} · bestand ${r.nulmeting.format}`}
                </Text>
              </View>
              <View style={s.chips}>
                <View>
                  <Text style={s.chipCaption}>huidig label</Text>
                  <LabelChip klasse={u.huidig_label} width={58} height={28} fontSize={15} />
                </View>
                <Text style={s.arrow}>→</Text>
                <View>
                  <Text style={s.chipCaption}>beste doel</Text>
                  <LabelChip klasse={doel} width={58} height={28} fontSize={15} />
                </View>
              </View>
            </View>
            <LabelScale huidig={u.huidig_label} doel={doel} />
            <View style={s.rule} />

            <View style={s.twoCol}>
              <View style={[s.col, { marginRight: 14 }]}>
                <Text style={s.sectionTitle}>WONING (ACTUELE REGISTERS)</Text>
                <Fact label="Bouwjaar" value={r.pand.bouwjaar !== null ? String(r.pand.bouwjaar) : 'onbekend'} />
                <Fact label="Gebruiksoppervlakte" value={u.oppervlakte_m2 !== null ? `${getal(u.oppervlakte_m2)} m²` : 'onbekend'} />
                <Fact label="Gebruiksdoel" value={r.pand.gebruiksdoelen?.join(', ') || 'onbekend'} />
                <Fact label="WOZ-waarde" value={woz ? `${euro(woz.waarde)} (peildatum ${datum(woz.peildatum)})` : 'onbekend'} />
                <Fact
                  label="Buurt"
                  value={buurt ? `${buurt.naam ?? buurt.code}${buurt.gemiddelde_woz_waarde ? `, gem. WOZ ${euro(buurt.gemiddelde_woz_waarde)}` : ''}` : 'onbekend'}
                />
                <Fact label="Geregistreerd label" value={reg ? `${reg.klasse}${reg.registratiedatum ? ` (${datum(reg.registratiedatum)})` : ''}` : 'onbekend'} />
                <Fact label="Kadastraal perceel" value={perceel ? `${perceel.identificatie}${perceel.grootte_m2 ? `, ${getal(perceel.grootte_m2)} m²` : ''}` : 'onbekend'} />
              </View>
              <View style={s.col}>
                <Text style={s.sectionTitle}>NULMETING (UIT HET BESTAND)</Text>
                <Fact label="Energieklasse" value={r.nulmeting.energieklasse ?? 'niet in bestand'} />
                <Fact label={ep ? (ep.soort === 'EP2' ? 'EP2' : ep.soort === 'EI' ? 'Energie-index' : 'EPC') : 'EP2'} value={ep ? `${ep2(ep.waarde)}${ep.soort === 'EP2' ? ' kWh/m²·jr' : ''}` : 'niet in bestand'} />
                <Fact label="Labelsprong (bestand)" value={r.nulmeting.labelsprong ? `${r.nulmeting.labelsprong.van_klasse} → ${r.nulmeting.labelsprong.naar_klasse} (${r.nulmeting.labelsprong.stappen} stappen)` : '—'} />
                <Fact label="Maatregelen" value={r.nulmeting.maatregelen ? `${r.nulmeting.maatregelen.length}` : 'formaat zonder maatregelen'} />
                <Fact label="Opnamedatum" value={datum(r.nulmeting.opnamedatum)} />
                <Fact label="Adres in bestand" value={r.adres.overeenkomst === 'ja' ? 'komt overeen' : r.adres.overeenkomst === 'nee' ? `wijkt af: ${r.adres.bestand}` : 'niet in bestand'} />
                <Fact label="Gelezen" value={gelezen(r.nulmeting.herkend) ?? 'niets'} />
                <Fact label="Niet in het bestand" value={nietGelezen(r.nulmeting.niet_herkend) ?? 'niets: alles gevonden'} />
              </View>
            </View>

            <View style={s.section}>
              <Text style={s.sectionTitle}>SIGNALEN</Text>
              {sig.length === 0 ? (
                <Text style={s.small}>Geen signalen: bouwjaar, label en maatregelen in het bestand sluiten op elkaar aan.</Text>
              ) : (
                sig.map((x) => (
                  <View key={x.code} style={s.signal}>
                    <Text style={s.signalMark}>!</Text>
                    <Text style={s.signalText}>{x.tekst}</Text>
                  </View>
                ))
              )}
            </View>

            <View style={s.section}>
              <Text style={s.sectionTitle}>
                {`DRIE SCENARIO'S${woz ? ` · WONINGWAARDE (WOZ) ${euro(woz.waarde)}` : ''}`}
              </Text>
              <View style={s.cards}>
                {r.scenarios.map((sc, i) => (
                  <ScenarioCard key={sc.id} sc={sc} last={i === r.scenarios.length - 1} />
                ))}
              </View>
              <Text style={[s.explain, { marginTop: 3 }]}>
                * Gepubliceerde referentiewaarde (kental), geen offerte. Zo is gerekend: besparing = verschil in EP2 (genormeerd primair fossiel
                energiegebruik, NTA 8800) × gebruiksoppervlakte, omgerekend naar gas en stroom en geprijsd met de gemiddelde consumentenprijzen van het
                CBS; investering uit het bestand, anders een kental, incl. btw en excl. subsidie; maandlast van een annuïtaire Energiebespaarlening; netto =
                besparing − maandlast. Indicatief, geen maatwerkadvies. Methode en bronnen: {methodiek}.
              </Text>
            </View>

            <View style={s.section}>
              <Text style={s.sectionTitle}>MAATREGELEN UIT HET BESTAND, GERANGSCHIKT OP DOELLABEL</Text>
              {maatregelen.length === 0 ? (
                <Text style={s.small}>Het bestand noemt geen maatregelen.</Text>
              ) : (
                <View style={s.table}>
                  <View style={s.tr}>
                    <Text style={[s.th, { flex: 1 }]}>Maatregel</Text>
                    <Text style={[s.th, { width: 42 }]}>Doel</Text>
                    <Text style={[s.th, { width: 58, textAlign: 'right' }]}>Doel-index</Text>
                    <Text style={[s.th, { width: 44, textAlign: 'right' }]}>Stappen</Text>
                    <Text style={[s.th, { width: 66, textAlign: 'right' }]}>Investering</Text>
                  </View>
                  {maatregelen.map((m) => (
                    <View key={m.rang} style={s.tr}>
                      <Text style={[s.td, { flex: 1, paddingRight: 6 }]}>{kort(m.naam, MAATREGEL_NAAM_TEKENS)}</Text>
                      <View style={{ width: 42 }}>
                        <LabelChip klasse={m.doel_label} width={30} height={11} fontSize={6.5} />
                      </View>
                      <Text style={[s.td, { width: 58, textAlign: 'right' }]}>{m.doel_index !== null ? ep2(m.doel_index) : '—'}</Text>
                      <Text style={[s.td, { width: 44, textAlign: 'right' }]}>{m.labelstappen !== null ? `${m.labelstappen > 0 ? '+' : ''}${m.labelstappen}` : '—'}</Text>
                      <Text style={[s.td, { width: 66, textAlign: 'right' }]}>{m.investering !== null ? euro(m.investering) : '—'}</Text>
                    </View>
                  ))}
                </View>
              )}
              {stappenplan && <Text style={[s.small, { marginTop: 2 }]}>{stappenplan}</Text>}
              {overige.length > 0 && (
                <Text style={[s.small, { marginTop: 2 }]}>
                  {`En ${overige.length === 1 ? '1 andere maatregel' : `${overige.length} andere maatregelen`} met een lager doellabel: ${overige
                    .map((m) => `${kort(m.naam, 45)}${m.doel_label ? ` (doel ${m.doel_label})` : ''}`)
                    .join('; ')}.`}
                </Text>
              )}
            </View>
          </View>
          <View style={s.bottom}>
            <Text style={s.sources}>
              {`Bronnen: ${bronnen.join(' · ')}. Kentallen: Milieu Centraal, Consumentenbond, BINT, Nationaal Warmtefonds, CO2emissiefactoren.nl/CE Delft, NTA 8800. Het geüploade bestand is niet bewaard.`}
            </Text>
            <Text style={s.footer}>{footer}</Text>
          </View>
        </Page>
      </Document>
    );
  }

  return RapportDocument({ r });
}

/** Pages of a PDF made by the renderer (pdfkit writes one uncompressed /Type /Page dictionary per page). */
export function paginas(pdf: Uint8Array): number {
  return (Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

/**
 * Renders the report to PDF bytes: one A4 page. When the content of an extreme file does not fit, the
 * measures table gets fewer rows (the others are named in its closing line) and the page is drawn again;
 * nothing is ever clipped.
 */
export async function renderRapportPdf(r: PdfRapport, opties: { methodiekUrl?: string | null } = {}): Promise<Uint8Array> {
  const R = await loadRenderer();
  let pdf: Uint8Array = new Uint8Array();
  for (const maxRegels of MAATREGEL_REGELS) {
    const buffer = await R.renderToBuffer(rapportDocument(R, r, maxRegels, opties.methodiekUrl ?? null));
    pdf = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    if (paginas(pdf) <= 1) break;
  }
  return pdf;
}
