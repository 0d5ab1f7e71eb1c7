// The 404 page for any unknown page path (unknown /v1 paths answer a problem document instead).
import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Pagina niet gevonden' };

/** Says the page does not exist and offers the way back. */
export default function NotFound() {
  return (
    <div className="pagina pagina--smal">
      <p className="label">404</p>
      <h1>Pagina niet gevonden</h1>
      <p className="intro">Deze pagina bestaat niet (meer). Controleer het adres of ga verder vanaf de startpagina.</p>
      <div className="knoppen">
        <Link href="/" className="knop">
          Naar de startpagina
        </Link>
        <Link href="/referentie" className="knop knop--rand">
          API-referentie
        </Link>
      </div>
    </div>
  );
}
