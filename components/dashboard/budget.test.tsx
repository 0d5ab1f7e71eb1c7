// What the dashboard shows of the request budget: the used-up notice (minutes rounded up, a working link to
// /sleutel without a key), a panel's quiet line with no retry button until the window ends, and Fout handing
// a 429 to that line instead of a red problem box; outside the dashboard (key page, report upload) a 429 is the
// same notice, not the old box with seconds.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiProblem } from '@/lib/client/api';
import { Probleem } from '@/components/probleem';
import { ProbleemMelding } from '@/components/toegang/probleem-melding';
import { ToegangProbleem } from '@/components/toegang/api';
import { budgetTitel, BudgetOpMelding, TeVeelVerzoeken, WachtRegel } from './budget';
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

describe('a 429 outside the dashboard', () => {
  const aanvraag429 = () =>
    new ToegangProbleem(429, 'Te veel verzoeken', 'Hoogstens 5 sleutelaanvragen per uur per adres; probeer het over 1800 seconden opnieuw.', 'rate_limited', [], 1800);

  it('the key page shows the dashboard’s notice: minutes rounded up, a link to /sleutel, no seconds, no retry', () => {
    const html = renderToStaticMarkup(<ProbleemMelding fout={aanvraag429()} context="Aanvraag niet gelukt" />);
    expect(html).toContain('data-testid="budget-op"');
    expect(html).toContain('Aanvraag niet gelukt: Te veel verzoeken. Over 30 minuten kunt u verder, of vraag een gratis sleutel aan op');
    expect(html).toContain('<a href="/sleutel">/sleutel</a>');
    expect(html).not.toContain('1800');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('class="probleem"');
  });
  it('the report upload (ApiProblem with Retry-After) too, whatever retry the caller offers', () => {
    const p = new ApiProblem(429, 'Te veel verzoeken', 'Limiet van 3600 verzoeken per uur bereikt; probeer het over 61 seconden opnieuw.', 'rate_limited', [], 61);
    const html = renderToStaticMarkup(<Probleem fout={p} context="Rapport niet gemaakt" opnieuw={() => undefined} />);
    expect(html).toContain('Rapport niet gemaakt: Te veel verzoeken. Over 2 minuten kunt u verder');
    expect(html).not.toContain('Opnieuw proberen');
  });
  it('once the wait is over it says so instead of counting', () => {
    const p = new ApiProblem(429, 'Te veel verzoeken', '', 'rate_limited', [], 60, Date.now() - 61_000);
    const html = renderToStaticMarkup(<TeVeelVerzoeken fout={p} context="Aanvraag niet gelukt" />);
    expect(html).toContain('data-testid="budget-weer-vrij"');
    expect(html).toContain('Er zijn weer verzoeken vrij');
    expect(html).not.toContain('/sleutel');
  });
  it('a 429 without Retry-After and other problems stay the red box', () => {
    expect(renderToStaticMarkup(<Probleem fout={new ApiProblem(429, 'Te veel verzoeken', 'x', 'rate_limited')} />)).toContain('class="probleem"');
    expect(renderToStaticMarkup(<ProbleemMelding fout={new ToegangProbleem(400, 'Ongeldig', 'x', 'validation_error', [], null)} context="Aanvraag" />)).toContain(
      'class="probleem"',
    );
  });
});
