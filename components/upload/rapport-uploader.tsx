'use client';
// The report uploader: pick an energy XML file, see what was recognised (nulmeting), give the address
// (prefilled from the file when it has one), then get the ranked report and the one-page PDF.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Probleem } from '@/components/probleem';
import { apiBlob, apiData } from '@/lib/client/api';
import { rapportBestandsnaam } from '@/lib/verduurzaming/rapport/bestandsnaam';
import type { Nulmeting } from '@/lib/verduurzaming/types';
import { toevoegingVan } from '@/lib/verduurzaming/toevoeging';
import { AddressFields, type AddressValue } from './address-fields';
import { NulmetingSummary } from './nulmeting-summary';
import { RapportView, type RapportData } from './rapport-view';
import { XmlDropZone } from './xml-drop-zone';

function reportQuery(a: AddressValue): string {
  const q = new URLSearchParams({ postcode: a.postcode.replace(/\s+/g, '').toUpperCase(), huisnummer: a.huisnummer.trim() });
  if (a.toevoeging.trim()) q.set('toevoeging', a.toevoeging.trim());
  return q.toString();
}

const xmlPost = (file: File): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: file });

/** The whole upload flow on one page. */
export function RapportUploader() {
  const [file, setFile] = useState<File | null>(null);
  const [adres, setAdres] = useState<AddressValue>({ postcode: '', huisnummer: '', toevoeging: '' });
  const [pdf, setPdf] = useState<{ url: string; naam: string } | null>(null);

  const nulmeting = useMutation({ mutationFn: (f: File) => apiData<Nulmeting>('/v1/verduurzaming/nulmeting', xmlPost(f)) });
  const rapport = useMutation({
    mutationFn: ({ f, a }: { f: File; a: AddressValue }) => apiData<RapportData>(`/v1/verduurzaming/rapport?${reportQuery(a)}`, xmlPost(f)),
  });
  const pdfMaken = useMutation({
    mutationFn: ({ f, a }: { f: File; a: AddressValue }) => apiBlob(`/v1/verduurzaming/rapport.pdf?${reportQuery(a)}`, xmlPost(f)),
    onSuccess: (blob, { a }) => {
      const naam = rapportBestandsnaam({ postcode: a.postcode, huisnummer: a.huisnummer.trim(), toevoeging: a.toevoeging });
      setPdf({ url: URL.createObjectURL(blob), naam });
    },
  });

  // A new file: read it at once, and take over its address when the form is still empty.
  const kiesBestand = (f: File) => {
    setFile(f);
    setPdf(null);
    rapport.reset();
    pdfMaken.reset();
    nulmeting.mutate(f, {
      onSuccess: (n) => {
        if (!adres.postcode && n.adres.postcode && n.adres.huisnummer) {
          setAdres({
            postcode: n.adres.postcode,
            huisnummer: String(n.adres.huisnummer),
            toevoeging: toevoegingVan(n.adres),
          });
        }
      },
    });
  };

  // Free the previous PDF's object URL when a new one replaces it or the page goes away.
  useEffect(() => {
    return () => {
      if (pdf) URL.revokeObjectURL(pdf.url);
    };
  }, [pdf]);

  const klaar = file && nulmeting.isSuccess && adres.postcode.trim() && adres.huisnummer.trim();

  return (
    <div className="uploader">
      <h2>1. Bestand</h2>
      <XmlDropZone file={file} onFile={kiesBestand} />
      {nulmeting.isPending && <p className="bezig" role="status">Bestand wordt gelezen…</p>}
      <Probleem fout={nulmeting.error} context="Bestand niet gelezen" />
      {nulmeting.data && <NulmetingSummary nulmeting={nulmeting.data} />}

      <h2>2. Adres</h2>
      <AddressFields value={adres} onChange={setAdres} />

      <h2>3. Rapport</h2>
      <div className="knoppen">
        <button
          type="button"
          className="knop"
          disabled={!klaar || rapport.isPending}
          onClick={() => file && rapport.mutate({ f: file, a: adres })}
        >
          {rapport.isPending ? 'Rapport wordt gemaakt…' : 'Rapport maken'}
        </button>
        <button
          type="button"
          className="knop knop--rand"
          disabled={!klaar || pdfMaken.isPending}
          onClick={() => file && pdfMaken.mutate({ f: file, a: adres })}
        >
          {pdfMaken.isPending ? 'PDF wordt gemaakt…' : 'PDF maken'}
        </button>
        {pdf && (
          <a className="knop" href={pdf.url} download={pdf.naam} data-testid="pdf-download">
            PDF downloaden
          </a>
        )}
      </div>
      {!klaar && <p className="zacht">Kies eerst een bestand dat gelezen kan worden en vul postcode en huisnummer in.</p>}
      <Probleem fout={rapport.error} context="Rapport niet gemaakt" />
      <Probleem fout={pdfMaken.error} context="PDF niet gemaakt" />
      {rapport.data && <RapportView rapport={rapport.data} />}
    </div>
  );
}
