import { describe, expect, it } from 'vitest';
import { pagina, paginaVelden } from './markt';

describe('paging of the monitor lists', () => {
  it('links the next page with the request’s other parameters, and none after the last', () => {
    const req = new Request('http://localhost/v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=analist-1&rijen=2&start=2');
    expect(paginaVelden(req, { start: 2, rijen: 2 }, 5)).toEqual({
      totaal: 5,
      start: 2,
      rijen: 2,
      volgende: '/v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=analist-1&rijen=2&start=4',
    });
    expect(paginaVelden(req, { start: 4, rijen: 2 }, 5).volgende).toBeNull();
    expect(paginaVelden(req, { start: 2, rijen: 2 }, 4).volgende).toBeNull();
  });

  it('cuts an in-memory list to its page', () => {
    const req = new Request('http://localhost/v1/distributiemonitor/holdings?rijen=2');
    expect(pagina(req, { start: 0, rijen: 2 }, ['a', 'b', 'c'])).toEqual({ totaal: 3, start: 0, rijen: 2, volgende: '/v1/distributiemonitor/holdings?rijen=2&start=2', items: ['a', 'b'] });
  });
});
