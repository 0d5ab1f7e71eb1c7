import { openZipEntry } from '@/lib/registers/common/zip';
import { splitXmlElements } from '@/lib/registers/common/xml-elements';
import { parseLeiXml } from '@/lib/registers/lei/parse-xml';
import { parseRrXml } from '@/lib/registers/lei/parse-rr';
import { copyLine } from '@/lib/registers/common/copy-text';
const [file, rr] = process.argv.slice(2);
async function main() {
  let t = performance.now();
  let { stream } = await openZipEntry(file);
  let bytes = 0;
  for await (const c of stream) bytes += c.length;
  console.log('unzip', Math.round(performance.now() - t), bytes);
  t = performance.now();
  ({ stream } = await openZipEntry(file));
  let n = 0;
  for await (const p of splitXmlElements(stream, { tags: ['LEIRecord'] })) n++;
  console.log('unzip+split', Math.round(performance.now() - t), n);
  t = performance.now();
  ({ stream } = await openZipEntry(file));
  n = 0;
  for await (const e of parseLeiXml(stream)) n++;
  console.log('parseLeiXml', Math.round(performance.now() - t), n);
  t = performance.now();
  ({ stream } = await openZipEntry(rr));
  n = 0;
  for await (const e of parseRrXml(stream)) n++;
  console.log('parseRrXml', Math.round(performance.now() - t), n, 'rss', Math.round(process.memoryUsage().rss/2**20));
}
main();
