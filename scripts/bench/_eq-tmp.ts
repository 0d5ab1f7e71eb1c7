import { openZipEntry } from '@/lib/registers/common/zip';
import { splitXmlElements } from '@/lib/registers/common/xml-elements';
import { flatten, gleifXmlParser, REPEATED } from '@/lib/registers/lei/parse-xml';
import { flatRecordXml } from '@/lib/registers/lei/record-xml';
import { isDeepStrictEqual } from 'node:util';
const [file, tag] = process.argv.slice(2);
(async () => {
  const { stream } = await openZipEntry(file);
  let n = 0, bad = 0, fb = 0;
  for await (const p of splitXmlElements(stream, { tags: [tag] })) {
    n++;
    if (n % 7 !== 0 && tag === 'LEIRecord') continue;
    const fast = flatRecordXml(p.xml, (x) => REPEATED.has(x), tag === 'LEIRecord' ? ['Extension'] : []);
    if (!fast) { fb++; continue; }
    const ref: Record<string, string> = {};
    flatten((gleifXmlParser.parse(p.xml) as any)[tag], '', ref);
    for (const k of Object.keys(ref)) if (tag === 'LEIRecord' && k.startsWith('Extension')) delete ref[k];
    if (!isDeepStrictEqual(fast, ref)) { if (bad++ < 3) console.log(JSON.stringify(fast), '\n', JSON.stringify(ref)); }
  }
  console.log({ n, bad, fb });
})();
