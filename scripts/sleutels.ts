// Admin CLI of the API keys (lib/access):
//   npm run sleutels -- lijst                      every key (prefix, tier, limit, owner, last use, revoked) and the open requests
//   npm run sleutels -- goedkeuren <aanvraag-id> [--limiet N]   issue the enterprise key of a queued request (shown once)
//   npm run sleutels -- afwijzen <aanvraag-id>
//   npm run sleutels -- intrekken <prefix>         revoke a key (effective everywhere within 30 s)
//   npm run sleutels -- limiet <prefix> <N|standaard>   requests per hour of a key
//   npm run sleutels -- uitgeven <standard|enterprise> <naam> <email> [--limiet N]   issue a key directly
// On the embedded database it refuses while the server holds it (stop the server, or use PostgreSQL).
import { closeDb, getDb, openDb } from '@/lib/db/client';
import { geefSleutelUit, keurGoed, overzicht, trekIn, wijsAf, zetLimiet } from '@/lib/access/store';

process.env.PGLITE_WORKER ??= 'uit';

const USAGE = `gebruik: npm run sleutels -- lijst | goedkeuren <id> [--limiet N] | afwijzen <id> | intrekken <prefix> | limiet <prefix> <N|standaard> | uitgeven <standard|enterprise> <naam> <email> [--limiet N]\n`;
const dag = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');

function limietUit(args: string[]): number | null {
  const i = args.indexOf('--limiet');
  if (i < 0) return null;
  const n = Number(args[i + 1]);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--limiet moet een geheel getal vanaf 1 zijn, niet ${args[i + 1]}`);
  args.splice(i, 2);
  return n;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const cmd = args.shift();
  let limiet: number | null;
  try {
    limiet = limietUit(args);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!cmd) {
    process.stderr.write(USAGE);
    return 2;
  }
  try {
    await openDb();
  } catch (e) {
    const err = e as Error & { code?: string };
    process.stderr.write(err.code === 'PGLITE_LOCKED' ? `Geweigerd: ${err.message}\n` : `Database niet te openen: ${err.message}\n`);
    return 3;
  }
  const db = getDb();
  try {
    switch (cmd) {
      case 'lijst': {
        const o = await overzicht(db);
        process.stdout.write(`Sleutels (${o.sleutels.length}):\n`);
        for (const s of o.sleutels) {
          process.stdout.write(
            `  ${s.prefix}…  ${s.tier.padEnd(10)} ${String(s.limiet_per_uur ?? 'standaard').padStart(9)}/uur  ${s.eigenaar} <${s.email}>${s.organisatie ? `, ${s.organisatie}` : ''}  ` +
              `aangemaakt ${dag(s.aangemaakt_op)}, laatst gebruikt ${dag(s.laatst_gebruikt_op)}${s.ingetrokken_op ? `, INGETROKKEN ${dag(s.ingetrokken_op)}` : ''}\n`,
          );
        }
        process.stdout.write(`Open aanvragen (${o.aanvragen.length}):\n`);
        for (const a of o.aanvragen) process.stdout.write(`  #${a.id} ${a.tier_gewenst} ${a.naam} <${a.email}>${a.organisatie ? `, ${a.organisatie}` : ''} (${dag(a.aangemaakt_op)}): ${a.gebruik}\n`);
        return 0;
      }
      case 'goedkeuren': {
        const k = await keurGoed(db, Number(args[0]), limiet);
        if (!k) return fout(`Geen open aanvraag #${args[0]}.`);
        process.stdout.write(`Enterprise-sleutel uitgegeven (alleen nu zichtbaar; geef hem veilig door):\n${k.sleutel}\n`);
        return 0;
      }
      case 'afwijzen':
        return (await wijsAf(db, Number(args[0]))) ? ok(`Aanvraag #${args[0]} afgewezen.`) : fout(`Geen open aanvraag #${args[0]}.`);
      case 'intrekken':
        return (await trekIn(db, args[0] ?? '')) ? ok(`Sleutel ${args[0]}… ingetrokken.`) : fout(`Geen actieve sleutel met prefix ${args[0]}.`);
      case 'limiet': {
        const n = args[1] === 'standaard' ? null : Number(args[1]);
        if (n !== null && (!Number.isSafeInteger(n) || n < 1)) return fout(`Limiet moet een geheel getal vanaf 1 of 'standaard' zijn.`, true);
        return (await zetLimiet(db, args[0] ?? '', n)) ? ok(`Limiet van ${args[0]}… is nu ${n ?? 'de standaard van de tier'}.`) : fout(`Geen sleutel met prefix ${args[0]}.`);
      }
      case 'uitgeven': {
        const [tier, naam, email] = args;
        if ((tier !== 'standard' && tier !== 'enterprise') || !naam || !email) return fout('uitgeven <standard|enterprise> <naam> <email>', true);
        const k = await geefSleutelUit(db, tier, { naam, email, gebruik: 'uitgegeven door beheer' }, limiet);
        process.stdout.write(`${tier}-sleutel uitgegeven (alleen nu zichtbaar):\n${k.sleutel}\n`);
        return 0;
      }
      default:
        return fout(`Onbekend commando: ${cmd}`, true);
    }
  } finally {
    await closeDb();
  }
}

function ok(m: string): number {
  process.stdout.write(`${m}\n`);
  return 0;
}
function fout(m: string, usage = false): number {
  process.stderr.write(`${m}\n${usage ? USAGE : ''}`);
  return 1;
}

main().then((code) => process.exit(code));
