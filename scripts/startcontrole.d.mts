// Types of scripts/startcontrole.mjs (plain JavaScript, so that `node scripts/*.mjs` runs it without a build).
export function stopMet(melding: string): never;
export function leesPoort(waarde: unknown, variabele: string): { port: number } | { fout: string };
export function poortMelding(fout: unknown, port: number, variabele: string): string;
export function probeerPoort(port: number, host?: string): Promise<NodeJS.ErrnoException | null>;
export function eisVrijePoort(variabele: string, standaard: string, host?: string): Promise<number>;
export function controleerDataMap(dir: string): string | null;
export function databaseMelding(fout: unknown, plaats?: { dir?: string | null; url?: string | null }): string;
export function zonderWachtwoord(url: string): string;
