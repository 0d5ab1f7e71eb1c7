import { openZipEntry } from '@/lib/registers/common/zip';
import { splitXmlElements } from '@/lib/registers/common/xml-elements';
import { REPEATED } from '@/lib/registers/lei/parse-xml';
import { flatRecordXml } from '@/lib/registers/lei/record-xml';
import { entityFromFlat } from '@/lib/registers/lei/record';
const [file] = process.argv.slice(2);
(async () => {
  const { stream } = await openZipEntry(file);
  const recs: string[] = [];
  for await (const p of splitXmlElements(stream, { tags: ['LEIRecord'] })) { recs.push(p.xml); if (recs.length >= 40000) break; }
  stream.destroy();
  const isA = (x: string) => REPEATED.has(x);
  for (let r = 0; r < 3; r++) {
    let t = performance.now();
    const flats = recs.map((x) => flatRecordXml(x, isA, ['Extension'])!);
    const t1 = performance.now() - t; t = performance.now();
    const es = flats.map((f) => entityFromFlat(f));
    const t2 = performance.now() - t; t = performance.now();
    const js = es.map((e) => JSON.stringify(e!.ruw));
    const t3 = performance.now() - t;
    console.log('flat us/rec', (t1 * 1000 / recs.length).toFixed(1), 'entity', (t2 * 1000 / recs.length).toFixed(1), 'json', (t3 * 1000 / recs.length).toFixed(1));
  }
})();
