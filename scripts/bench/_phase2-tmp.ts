import { openZipEntry } from '@/lib/registers/common/zip';
import { parseLeiXml } from '@/lib/registers/lei/parse-xml';
const [file] = process.argv.slice(2);
(async () => { const t = performance.now(); const { stream } = await openZipEntry(file); let n = 0; for await (const e of parseLeiXml(stream)) n++; console.log('parse', Math.round(performance.now() - t), n); })();
