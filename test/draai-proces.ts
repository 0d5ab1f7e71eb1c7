// Runs a Node process the way an operator starts one (a script with its arguments and environment) and
// collects its exit code, its output (stdout and stderr together) and how long it took. Killed after
// `timeoutMs`. Used by the tests of the start checks (scripts/startcontrole.test.ts, the integration suite).
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ProcesUitkomst {
  code: number | null;
  uit: string;
  ms: number;
}

export function draaiProces(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<ProcesUitkomst> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const p = spawn(process.execPath, args, { cwd: path.resolve(__dirname, '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let uit = '';
    p.stdout.on('data', (d) => (uit += d));
    p.stderr.on('data', (d) => (uit += d));
    const stop = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('close', (code) => {
      clearTimeout(stop);
      resolve({ code, uit, ms: Date.now() - t0 });
    });
  });
}
