// Writers of NDW DATEX II documents in the documented formats, for BUILT fixtures (labelled opgebouwd), the
// streaming tests and the benchmark's full-size national set. No real v2 file was available: the v2 shapes
// follow DATEX II 2.3 with NDW's extensions as documented (SOAP envelope, d2LogicalModel, payloadPublication
// MeasurementSiteTablePublication with measurementSiteTable id NDW01_MT, MeasuredDataPublication with
// siteMeasurements / measuredValue / basicData xsi:type TravelTimeData and the reference value in
// measuredValueExtension/basicDataReferenceValue). The v3 shape follows the recorded NDW publications
// (mc:messageContainer, sit:SituationPublication).

export interface SiteSpec {
  id: string;
  naam: string;
  richting?: string;
  rijstroken?: number;
  /** A point site (loop detector): lon, lat. */
  punt?: [number, number];
  /** A linear site (travel-time section): start and end [lon, lat]. */
  van?: [number, number];
  tot?: [number, number];
  lengte_m?: number;
}

export interface TravelTimeSpec {
  id: string;
  meettijd: string;
  duur_s: number;
  referentie_s?: number;
  soort?: string;
}

export interface SituationSpec {
  id: string;
  ernst?: string;
  records: {
    id: string;
    type: 'RoadOrCarriagewayOrLaneManagement' | 'SpeedManagement';
    subtype: string;
    van: string;
    tot?: string;
    oorzaak: string;
    beheerder: string;
    weg?: string;
    rijbaan?: string;
    origineel?: number;
    afgesloten?: number;
    beschikbaar?: number;
    limiet?: number;
    /** [lon, lat] pairs of the road line; one pair gives a point location. */
    lijn: [number, number][];
  }[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const coord = ([lon, lat]: [number, number]) => `<pointCoordinates><latitude>${lat}</latitude><longitude>${lon}</longitude></pointCoordinates>`;

const V2_OPEN = (publicatietijd: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<SOAP:Envelope xmlns:SOAP="http://schemas.xmlsoap.org/soap/envelope/"><SOAP:Body>` +
  `<d2LogicalModel xmlns="http://datex2.eu/schema/2/2_0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" modelBaseVersion="2">` +
  `<exchange><supplierIdentification><country>nl</country><nationalIdentifier>NLNDW</nationalIdentifier></supplierIdentification></exchange>` +
  `<payloadPublication xsi:type="${type}" lang="nl"><publicationTime>${publicatietijd}</publicationTime>` +
  `<publicationCreator><country>nl</country><nationalIdentifier>NLNDW</nationalIdentifier></publicationCreator>\n`;
const V2_CLOSE = `</payloadPublication></d2LogicalModel></SOAP:Body></SOAP:Envelope>\n`;

/** One measurementSiteRecord. */
export function siteRecordXml(s: SiteSpec): string {
  const head =
    `<measurementSiteRecord id="${esc(s.id)}" version="1"><measurementSiteRecordVersionTime>2026-11-01T00:00:00Z</measurementSiteRecordVersionTime>` +
    `<computationMethod>arithmeticAverageOfSamplesInATimePeriod</computationMethod>` +
    `<measurementSiteName><values><value lang="nl">${esc(s.naam)}</value></values></measurementSiteName>` +
    (s.rijstroken ? `<measurementSiteNumberOfLanes>${s.rijstroken}</measurementSiteNumberOfLanes>` : '') +
    (s.richting ? `<measurementSide>${s.richting}</measurementSide>` : '') +
    `<measurementSpecificCharacteristics index="1"><measurementSpecificCharacteristics><accuracy>0</accuracy><period>60</period>` +
    `<specificMeasurementValueType>${s.van ? 'travelTimeInformation' : 'trafficSpeed'}</specificMeasurementValueType></measurementSpecificCharacteristics></measurementSpecificCharacteristics>`;
  if (s.van && s.tot) {
    const mid: [number, number] = [Math.round(((s.van[0] + s.tot[0]) / 2) * 1e6) / 1e6, Math.round(((s.van[1] + s.tot[1]) / 2) * 1e6) / 1e6];
    return (
      head +
      `<measurementSiteLocation xsi:type="ItineraryByIndexedLocations"><locationContainedInItinerary index="1"><location xsi:type="Linear">` +
      `<supplementaryPositionalDescription><affectedCarriagewayAndLanes><carriageway>mainCarriageway</carriageway>` +
      (s.lengte_m ? `<lengthAffected>${s.lengte_m}</lengthAffected>` : '') +
      `</affectedCarriagewayAndLanes></supplementaryPositionalDescription>` +
      `<linearExtension><linearByCoordinatesExtension><linearCoordinatesStartPoint>${coord(s.van)}</linearCoordinatesStartPoint>` +
      `<linearCoordinatesEndPoint>${coord(s.tot)}</linearCoordinatesEndPoint></linearByCoordinatesExtension></linearExtension>` +
      `<locationForDisplay><latitude>${mid[1]}</latitude><longitude>${mid[0]}</longitude></locationForDisplay>` +
      `</location></locationContainedInItinerary></measurementSiteLocation></measurementSiteRecord>\n`
    );
  }
  const p = s.punt!;
  return (
    head +
    `<measurementSiteLocation xsi:type="Point"><locationForDisplay><latitude>${p[1]}</latitude><longitude>${p[0]}</longitude></locationForDisplay>` +
    `<pointByCoordinates>${coord(p)}</pointByCoordinates></measurementSiteLocation></measurementSiteRecord>\n`
  );
}

/** A measurement site table (measurement_current.xml) as chunks, so a large one is never one string. */
export function* siteTableChunks(publicatietijd: string, sites: Iterable<SiteSpec>, perChunk = 500): Generator<string> {
  yield V2_OPEN(publicatietijd, 'MeasurementSiteTablePublication') +
    `<headerInformation><confidentiality>noRestriction</confidentiality><informationStatus>real</informationStatus></headerInformation>` +
    `<measurementSiteTable id="NDW01_MT" version="1">\n`;
  let buf: string[] = [];
  for (const s of sites) {
    buf.push(siteRecordXml(s));
    if (buf.length >= perChunk) {
      yield buf.join('');
      buf = [];
    }
  }
  yield buf.join('') + `</measurementSiteTable>` + V2_CLOSE;
}

/** One siteMeasurements with a TravelTimeData value and, when given, the reference value. */
export function travelTimeXml(t: TravelTimeSpec): string {
  return (
    `<siteMeasurements><measurementSiteReference targetClass="MeasurementSiteRecord" id="${esc(t.id)}" version="1"/>` +
    `<measurementTimeDefault>${t.meettijd}</measurementTimeDefault><measuredValue index="1"><measuredValue>` +
    `<basicData xsi:type="TravelTimeData"><travelTimeTrendType>stable</travelTimeTrendType><travelTimeType>${t.soort ?? 'reconstituted'}</travelTimeType>` +
    `<travelTime numberOfInputValuesUsed="12" supplierCalculatedDataQuality="90"><duration>${t.duur_s}</duration></travelTime></basicData>` +
    (t.referentie_s !== undefined
      ? `<measuredValueExtension><measuredValueExtended><basicDataReferenceValue><referenceValueType>staticReferenceValue</referenceValueType>` +
        `<travelTimeData><travelTimeType>reconstituted</travelTimeType><travelTime><duration>${t.referentie_s}</duration></travelTime></travelTimeData>` +
        `</basicDataReferenceValue></measuredValueExtended></measuredValueExtension>`
      : '') +
    `</measuredValue></measuredValue></siteMeasurements>\n`
  );
}

/** A travel-time publication (traveltime.xml) as chunks. */
export function* travelTimeChunks(publicatietijd: string, values: Iterable<TravelTimeSpec>, perChunk = 1000): Generator<string> {
  yield V2_OPEN(publicatietijd, 'MeasuredDataPublication') +
    `<measurementSiteTableReference targetClass="MeasurementSiteTable" id="NDW01_MT" version="1"/>` +
    `<headerInformation><confidentiality>noRestriction</confidentiality><informationStatus>real</informationStatus></headerInformation>\n`;
  let buf: string[] = [];
  for (const v of values) {
    buf.push(travelTimeXml(v));
    if (buf.length >= perChunk) {
      yield buf.join('');
      buf = [];
    }
  }
  yield buf.join('') + V2_CLOSE;
}

const V3_OPEN = (publicatietijd: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<mc:messageContainer xmlns:sit="http://datex2.eu/schema/3/situation" ` +
  `xmlns:mc="http://datex2.eu/schema/3/messageContainer" xmlns:loc="http://datex2.eu/schema/3/locationReferencing" ` +
  `xmlns:com="http://datex2.eu/schema/3/common" modelBaseVersion="3"><mc:payload xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
  `xsi:type="sit:SituationPublication" lang="nl" modelBaseVersion="3"><com:publicationTime>${publicatietijd}</com:publicationTime>` +
  `<com:publicationCreator><com:country>nl</com:country><com:nationalIdentifier>NDWNL</com:nationalIdentifier></com:publicationCreator>\n`;

/** One v3 situation with its records. */
export function situationXml(s: SituationSpec): string {
  const records = s.records.map((r) => {
    const cw =
      `<loc:supplementaryPositionalDescription>` +
      (r.weg ? `<loc:roadInformation><loc:roadNumber>${esc(r.weg)}</loc:roadNumber></loc:roadInformation>` : '') +
      `<loc:carriageway><loc:carriageway>${r.rijbaan ?? 'mainCarriageway'}</loc:carriageway>` +
      (r.origineel ? `<loc:originalNumberOfLanes>${r.origineel}</loc:originalNumberOfLanes>` : '') +
      `</loc:carriageway></loc:supplementaryPositionalDescription>`;
    const location =
      r.lijn.length >= 2
        ? `<sit:locationReference xsi:type="loc:ItineraryByIndexedLocations"><loc:locationContainedInItinerary index="0"><loc:location xsi:type="loc:LinearLocation">${cw}` +
          `<loc:gmlLineString srsName="WGS 84"><loc:posList>${r.lijn.map(([lon, lat]) => `${lat} ${lon}`).join(' ')}</loc:posList></loc:gmlLineString>` +
          `</loc:location></loc:locationContainedInItinerary></sit:locationReference>`
        : `<sit:locationReference xsi:type="loc:PointLocation">${cw}<loc:pointByCoordinates><loc:pointCoordinates><loc:latitude>${r.lijn[0][1]}</loc:latitude>` +
          `<loc:longitude>${r.lijn[0][0]}</loc:longitude></loc:pointCoordinates></loc:pointByCoordinates></sit:locationReference>`;
    const specific =
      r.type === 'SpeedManagement'
        ? `<sit:speedManagementType>${r.subtype}</sit:speedManagementType>` + (r.limiet ? `<sit:temporarySpeedLimit>${r.limiet.toFixed(1)}</sit:temporarySpeedLimit>` : '')
        : `<sit:roadOrCarriagewayOrLaneManagementType>${r.subtype}</sit:roadOrCarriagewayOrLaneManagementType>`;
    return (
      `<sit:situationRecord xsi:type="sit:${r.type}" id="${esc(r.id)}" version="1"><sit:situationRecordCreationTime>${r.van}</sit:situationRecordCreationTime>` +
      `<sit:situationRecordVersionTime>${r.van}</sit:situationRecordVersionTime><sit:probabilityOfOccurrence>certain</sit:probabilityOfOccurrence>` +
      `<sit:source><com:sourceName><com:values><com:value lang="nl">${esc(r.beheerder)}</com:value></com:values></com:sourceName></sit:source>` +
      `<sit:validity><com:validityStatus>definedByValidityTimeSpec</com:validityStatus><com:validityTimeSpecification><com:overallStartTime>${r.van}</com:overallStartTime>` +
      (r.tot ? `<com:overallEndTime>${r.tot}</com:overallEndTime>` : '') +
      `</com:validityTimeSpecification></sit:validity>` +
      (r.afgesloten !== undefined || r.beschikbaar !== undefined
        ? `<sit:impact>` +
          (r.afgesloten !== undefined ? `<sit:numberOfLanesRestricted>${r.afgesloten}</sit:numberOfLanesRestricted>` : '') +
          (r.beschikbaar !== undefined ? `<sit:numberOfOperationalLanes>${r.beschikbaar}</sit:numberOfOperationalLanes>` : '') +
          `</sit:impact>`
        : '') +
      `<sit:cause><sit:causeType>${r.oorzaak}</sit:causeType></sit:cause>${location}` +
      `<sit:operatorActionStatus>implemented</sit:operatorActionStatus><sit:complianceOption>mandatory</sit:complianceOption>${specific}</sit:situationRecord>`
    );
  });
  return (
    `<sit:situation id="${esc(s.id)}"><sit:overallSeverity>${s.ernst ?? 'medium'}</sit:overallSeverity><sit:headerInformation>` +
    `<com:confidentiality>noRestriction</com:confidentiality><com:informationStatus>real</com:informationStatus></sit:headerInformation>` +
    records.join('') +
    `</sit:situation>\n`
  );
}

/** A v3 SituationPublication as chunks. */
export function* situationChunks(publicatietijd: string, situations: Iterable<SituationSpec>, perChunk = 200): Generator<string> {
  yield V3_OPEN(publicatietijd);
  let buf: string[] = [];
  for (const s of situations) {
    buf.push(situationXml(s));
    if (buf.length >= perChunk) {
      yield buf.join('');
      buf = [];
    }
  }
  yield buf.join('') + `</mc:payload></mc:messageContainer>\n`;
}
