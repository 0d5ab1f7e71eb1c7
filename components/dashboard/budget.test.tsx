// What the dashboard shows of the request budget: the used-up notice (minutes rounded up, a working link to
// /sleutel without a key), a panel's quiet line with no retry button until the window ends, and Fout handing
// a 429 to that line instead of a red problem box.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiProblem } from '@/lib/client/api';
import { budgetTitel, BudgetOpMelding, WachtRegel } from './budget';
import { Fout } from './toestand';

const NU = 1_000_000_000_000;
const budget = (metSleutel = false) => ({ limiet: 60, resterend: 0, resetOp: NU + 2_993_000, metSleutel });

describe('BudgetOpMelding', () => {
  it('says how many minutes (rounded up) and links to /sleutel', () => {
    const html = renderToStaticMarkup(<BudgetOpMelding budget={budget()} nu={NU} />);
    expect(html).toContain('De gratis proefperiode van 60 verzoeken per uur is op. Over 50 minuten kunt u verder, of vraag een gratis sleutel aan op');
    expect(html).toContain('<a href="/sleutel">/sleutel</a>');
    expect(html).not.toContain('<button');
  });
  it('with a key: the key’s limit, no offer of a key', () => {
    const html = renderToStaticMarkup(<BudgetOpMelding budget={{ ...budget(true), limiet: 1000 }} nu={NU + 2_940_000} />);
    expect(html).toContain('De limiet van 1.000 verzoeken per uur van uw sleutel is bereikt. Over 1 minuut kunt u verder.');
    expect(html).not.toContain('/sleutel');
  });
  it('has the numbers as a tooltip', () => {
    expect(budgetTitel({ ...budget(), resterend: 9 }, NU)).toBe('Nog 9 van 60 verzoeken dit uur; over 50 minuten begint een nieuw uur.');
  });
});

describe('a panel whose request hit the limit', () => {
  it('no retry button while the budget is used up, one after the window', () => {
    const tijdens = renderToStaticMarkup(<WachtRegel op context="Radar" opnieuw={() => undefined} />);
    expect(tijdens).toContain('Radar: niet geladen, de verzoeken van dit uur zijn op');
    expect(tijdens).not.toContain('Opnieuw proberen');
    expect(renderToStaticMarkup(<WachtRegel op={false} context="Radar" opnieuw={() => undefined} />)).toContain('Opnieuw proberen');
  });
  it('Fout shows a 429 as that line, not as a red problem box', () => {
    const p = new ApiProblem(429, 'Te veel verzoeken', 'Limiet van 60 verzoeken per uur bereikt; probeer het over 2993 seconden opnieuw.', 'rate_limited', [], 2993);
    const html = renderToStaticMarkup(<Fout fout={p} context="Radar" opnieuw={() => undefined} />);
    expect(html).toContain('data-testid="wacht-op-budget"');
    expect(html).not.toContain('probleem');
    expect(html).not.toContain('2993');
  });
  it('Fout still shows other problems in full', () => {
    const p = new ApiProblem(403, 'Verboden', 'Buiten de free preview.', 'forbidden_tier');
    expect(renderToStaticMarkup(<Fout fout={p} context="Radar" />)).toContain('class="probleem"');
  });
});
