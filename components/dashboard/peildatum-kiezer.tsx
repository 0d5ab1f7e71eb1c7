'use client';
// The as-of date of the whole dashboard (?peildatum=JJJJ-MM-DD): the views that can answer as of a date
// show the newest dataset_versie on or before it. Bounds from /versies (first and newest peildatum); without
// a key the API refuses dates more than a year back (403, shown where it happens).
import { useMonitor } from './use-monitor';
import { usePeildatum, useUrlStaat } from './use-url-staat';

interface Versies {
  versies: { versie_id: number; peildatum: string }[];
  historie_vanaf: string | null;
}

export function PeildatumKiezer() {
  const peildatum = usePeildatum();
  const [, zet] = useUrlStaat({ peildatum: '' });
  const versies = useMonitor<Versies>('/versies');
  const lijst = versies.data?.data.versies ?? [];
  const nieuwste = lijst[0]?.peildatum;
  const eerste = versies.data?.data.historie_vanaf ?? lijst[lijst.length - 1]?.peildatum;
  return (
    <div className="peildatum-kiezer">
      <label htmlFor="peildatum">Stand op</label>
      <input
        id="peildatum"
        type="date"
        value={peildatum}
        min={eerste}
        max={nieuwste}
        onChange={(e) => zet({ peildatum: e.target.value })}
        aria-describedby="peildatum-uitleg"
      />
      {peildatum ? (
        <button type="button" className="knop knop--rand knop--klein" onClick={() => zet({ peildatum: '' })}>
          Nieuwste
        </button>
      ) : null}
      <span id="peildatum-uitleg" className="zacht">
        {peildatum ? `Versie op of vóór ${peildatum}` : nieuwste ? `Nieuwste versie (${nieuwste})` : ''}
      </span>
    </div>
  );
}
