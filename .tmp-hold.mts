import { openDb, closeDb } from './lib/db/client';
await openDb(); console.log('holding', process.pid);
setTimeout(async () => { await closeDb(); console.log('released'); }, 4000);
