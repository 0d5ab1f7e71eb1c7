'use client';
// The horizontal bar chart the chart views share (radar, kansmodel, hypotheek): one bar (or stack) per row,
// its name on the category axis (shortened by KorteNaamTick, narrower on a phone), the values along the
// number axis, a tooltip, and a height that grows with the rows. What differs per chart are the props: the
// series (colour per series or per row, an optional value label right of the bar), stacking, the number
// axis (format, domain, ticks), reference lines and a legend.
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { getal } from '../opmaak';
import { useMinderBeweging } from './beweging';
import { inVolgorde, KorteNaamTick, legendaTekst, useSmal } from './figuur';

export interface StaafReeks<T> {
  /** The field of a row the series draws. */
  sleutel: string;
  /** Its name in the tooltip and the legend. */
  naam: string;
  /** One colour for the series, or one per row. */
  kleur?: string | ((rij: T, i: number) => string);
  /** The value written right of each bar: its form (default getal) and font size (default 12); true: both defaults. */
  label?: true | { opmaak?: (v: number) => string; grootte?: number };
}

/** Room for the names: the axis width and the characters of a name, on a wide and on a narrow screen. */
export interface NaamAs {
  breed: number;
  smal: number;
  tekens: number;
  tekensSmal: number;
}

const NAAM_AS: NaamAs = { breed: 170, smal: 116, tekens: 24, tekensSmal: 15 };

export function Staven<T extends object>({
  data,
  naamSleutel,
  reeksen,
  hoogte,
  rechts,
  naamAs = NAAM_AS,
  opmaak = getal,
  asOpmaak,
  domein,
  ticks,
  heleGetallen,
  stapel,
  tekenStapel,
  legenda,
  lijnen = [],
}: {
  data: T[];
  /** The field with the row's name (the category axis). */
  naamSleutel: keyof T & string;
  reeksen: StaafReeks<T>[];
  /** Height in pixels: `basis` plus `perRij` for every row. */
  hoogte: { basis: number; perRij: number };
  /** The right margin: room for the value labels. */
  rechts: number;
  naamAs?: NaamAs;
  /** Values in the tooltip. */
  opmaak?: (v: number) => string;
  /** Ticks of the number axis (recharts' own without). */
  asOpmaak?: (v: number) => string;
  domein?: [number, number];
  ticks?: number[];
  /** Whole numbers only on the number axis. */
  heleGetallen?: boolean;
  /** Stack the series (this stackId), and with tekenStapel the negative values left of 0. */
  stapel?: string;
  tekenStapel?: boolean;
  legenda?: boolean;
  /** Vertical lines at these values, solid or dashed. */
  lijnen?: { x: number; gestippeld?: boolean }[];
}) {
  const stil = useMinderBeweging();
  const smal = useSmal();
  return (
    <BarChart
      responsive
      layout="vertical"
      stackOffset={tekenStapel ? 'sign' : undefined}
      style={{ width: '100%', height: hoogte.basis + data.length * hoogte.perRij }}
      data={data}
      margin={{ top: 0, right: rechts, bottom: 0, left: 0 }}
      accessibilityLayer
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis
        type="number"
        allowDecimals={heleGetallen ? false : undefined}
        domain={domein}
        ticks={ticks}
        tickFormatter={asOpmaak ? (v) => asOpmaak(Number(v)) : undefined}
        tick={{ fontSize: 12 }}
      />
      <YAxis
        type="category"
        dataKey={String(naamSleutel)}
        width={smal ? naamAs.smal : naamAs.breed}
        interval={0}
        tick={<KorteNaamTick max={smal ? naamAs.tekensSmal : naamAs.tekens} />}
      />
      <Tooltip formatter={(v) => opmaak(Number(v))} />
      {legenda && <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendaTekst} itemSorter={inVolgorde(reeksen.map((r) => r.sleutel))} />}
      {lijnen.map((l) => (
        <ReferenceLine key={l.x} x={l.x} stroke="#1b1f24" strokeDasharray={l.gestippeld ? '4 3' : undefined} />
      ))}
      {reeksen.map((r) => {
        const label = r.label === true ? {} : r.label;
        const kleur = r.kleur;
        return (
          <Bar key={r.sleutel} dataKey={r.sleutel} name={r.naam} stackId={stapel} {...(typeof kleur === 'string' ? { fill: kleur } : {})} isAnimationActive={!stil}>
            {typeof kleur === 'function' && data.map((rij, i) => <Cell key={i} fill={kleur(rij, i)} />)}
            {label && (
              <LabelList
                fill="#1b1f24"
                dataKey={r.sleutel}
                position="right"
                fontSize={label.grootte ?? 12}
                formatter={(v: unknown) => (label.opmaak ?? getal)(Number(v))}
              />
            )}
          </Bar>
        );
      })}
    </BarChart>
  );
}
