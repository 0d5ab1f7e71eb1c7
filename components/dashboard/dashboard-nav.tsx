'use client';
// The tab bar of the dashboard: one link per view, the current one marked (aria-current); the as-of date
// travels along, so a chosen peildatum stays when switching views.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { usePeildatum } from './use-url-staat';
import { WEERGAVEN } from './weergaven';

export function DashboardNav() {
  const pad = usePathname();
  const peildatum = usePeildatum();
  const actief = (p: string) => (p === '/dashboard' ? pad === p : pad === p || pad.startsWith(`${p}/`));
  return (
    <nav className="dash-tabs" aria-label="Weergaven van het dashboard">
      {WEERGAVEN.map((w) => (
        <Link key={w.pad} href={peildatum ? `${w.pad}?peildatum=${peildatum}` : w.pad} aria-current={actief(w.pad) ? 'page' : undefined} title={w.uitleg}>
          {w.titel}
        </Link>
      ))}
    </nav>
  );
}
