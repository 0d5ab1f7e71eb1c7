import { expect, it } from 'vitest';
import { registrationsFromApi } from './api-map';
import { groupInstitutions } from './institutions';
import { DNB_DETAILS_EMPTY } from './parse';

// Invented organisation in the shape of the official OpenAPI spec (OrganizationDetailsView).
const page = {
  registerCode: 'wftdg',
  registerName: 'Banken',
  publishDate: '2026-11-20T06:00:00',
  organizations: [
    {
      chamberOfCommerce: '1234567',
      relationNumber: 'F9001',
      statutoryPlace: 'Amsterdam',
      statutoryCountry: 'Nederland',
      rsinCode: '12345678',
      leiCode: '7245009voorbeeld0001',
      statutoryNames: [
        { name: 'Oude Naam N.V.', validityPeriodStartDate: '2000-01-01T00:00:00', validityPeriodEndDate: '2015-12-31T00:00:00' },
        { name: 'Voorbeeldbank N.V.', validityPeriodStartDate: '2016-01-01T00:00:00', validityPeriodEndDate: null },
      ],
      tradeNames: [{ name: 'Voorbeeldbank', validityPeriodStartDate: '2016-01-01T00:00:00' }],
      registrations: [
        {
          registrationType: 'Vergunning',
          actArticleName: '2:11 Wft',
          validityPeriodStartDate: '2012-01-01T00:00:00',
          validityPeriodEndDate: null,
          allowedActivities: [
            { actActivityName: 'Bank - CI', validityPeriodStartDate: '2012-01-01T00:00:00' },
            { actActivityName: 'Beleggingsdiensten', validityPeriodStartDate: '2015-06-01T00:00:00', validityPeriodEndDate: '2020-01-01T00:00:00' },
          ],
        },
      ],
    },
    { relationNumber: 'F9002', statutoryNames: [] },
  ],
};

it('maps API organisations to the CSV row shape', () => {
  const rows = registrationsFromApi(page, '2026-11-20');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toEqual({
    line: 0,
    deelregister: 'WFTDG',
    relatienummer: 'F9001',
    statutaire_naam: 'Voorbeeldbank N.V.',
    statutaire_plaats: 'Amsterdam',
    plaats_vestiging: null,
    land: 'Nederland',
    kvk_nummer: '01234567',
    rsin: '012345678',
    lei: '7245009VOORBEELD0001',
    handelsnaam: 'Voorbeeldbank',
    registratietype: 'Vergunning',
    wetsartikel: '2:11 Wft',
    begindatum: '2012-01-01',
    einddatum: null,
    activiteit: 'Bank - CI',
    begindatum_activiteit: '2012-01-01',
    einddatum_activiteit: null,
    ...DNB_DETAILS_EMPTY,
    extra: {},
  });
  expect(rows[1].einddatum_activiteit).toBe('2020-01-01');
  const [inst] = groupInstitutions(rows);
  expect(inst.registraties[0].activiteiten.map((a) => a.activiteit)).toEqual(['Bank - CI', 'Beleggingsdiensten']);
  expect(registrationsFromApi(page, '2010-01-01')[0].statutaire_naam).toBe('Oude Naam N.V.');
});
