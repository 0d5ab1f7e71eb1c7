import { generateRegisters } from '@/lib/registers/generate/index';
(async () => { const t=performance.now(); await generateRegisters({ schaal: 'vol', seed: 42, uit: process.argv[2] }); console.log('gen ms', Math.round(performance.now()-t)); })();
