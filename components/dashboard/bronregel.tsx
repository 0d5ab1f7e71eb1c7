// Under every panel: where the figures come from (register and peildatum of the version that answered),
// and a clear label when that is generated sample data.
import type { BronVermelding } from '@/lib/client/api';

export function Bronregel({ bronnen }: { bronnen: readonly BronVermelding[] }) {
  const voorbeeld = bronnen.some((b) => b.voorbeelddata);
  return (
    <p className="bronregel" data-testid="bronregel">
      {voorbeeld && (
        <span className="voorbeeld-label" title="Gegenereerde voorbeelddata, geen officiële export">
          Voorbeelddata
        </span>
      )}
      Bron:{' '}
      {bronnen
        .map((b) => `${b.titel ?? b.bron}${b.peildatum ? ` (peildatum ${String(b.peildatum).slice(0, 10)})` : ''}`)
        .join(' · ')}
    </p>
  );
}
