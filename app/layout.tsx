// The root layout: Dutch document, system fonts (nothing downloaded), one site header and footer.
import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import './globals.css';
import { Providers } from '@/components/providers';
import { SiteNav } from '@/components/site/site-nav';

export const metadata: Metadata = {
  title: {
    default: 'Nederlandse publieke data, één standaard',
    template: '%s · Nederlandse publieke data, één standaard',
  },
  description:
    'Eén standaard-API over Nederlandse publieke bronnen: statistiek, adressen en gebouwen, kadaster, verkeer en milieu, wetgeving en rechtspraak, financiële en goededoelenregisters en energielabels.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#154273' };

/** Wraps every page in the site header and footer. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="nl">
      <body>
        <header className="site-kop">
          <div className="site-kop__binnen">
            <Link href="/" className="site-kop__merk">
              Publieke data NL
            </Link>
            <SiteNav />
          </div>
        </header>
        <main className="site-inhoud" id="inhoud">
          <Providers>{children}</Providers>
        </main>
        <footer className="site-voet">
          <div className="site-voet__binnen">
            <span>Open data uit Nederlandse publieke bronnen. Elk antwoord noemt bron, licentie en peildatum.</span>
            <span>
              <a href="/v1/openapi.json">OpenAPI-document</a> · <a href="/v1/bronnen">Catalogus</a> · <Link href="/status">Status van de bronnen</Link>
            </span>
          </div>
        </footer>
      </body>
    </html>
  );
}
