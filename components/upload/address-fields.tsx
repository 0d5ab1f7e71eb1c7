'use client';
// Postcode, huisnummer and toevoeging, with type-ahead address suggestions from /v1/addrreg/suggest; picking
// one looks it up (/v1/addrreg/lookup) and fills the three fields.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Probleem } from '@/components/probleem';
import { useVertraagd } from '@/components/use-vertraagd';
import { apiData } from '@/lib/client/api';
import { toevoegingVan } from '@/lib/verduurzaming/toevoeging';

export interface AddressValue {
  postcode: string;
  huisnummer: string;
  toevoeging: string;
}

interface Suggestie {
  id: string;
  weergavenaam: string;
  type: string;
}

interface Locatie {
  postcode: string | null;
  huisnummer: number | null;
  huisletter: string | null;
  toevoeging: string | null;
}

/** Three address fields plus a search box that fills them from a chosen suggestion. */
export function AddressFields({ value, onChange }: { value: AddressValue; onChange: (v: AddressValue) => void }) {
  const [zoek, setZoek] = useState('');
  const [open, setOpen] = useState(false);
  const [lookupError, setLookupError] = useState<unknown>(null);
  const q = useVertraagd(zoek.trim(), 250);
  const suggesties = useQuery({
    queryKey: ['suggest', q],
    queryFn: () => apiData<{ suggesties: Suggestie[] }>(`/v1/addrreg/suggest?q=${encodeURIComponent(q)}&rows=8`),
    enabled: q.length >= 2,
  });
  const adressen = (suggesties.data?.suggesties ?? []).filter((s) => s.type === 'adres');

  const kies = async (s: Suggestie) => {
    setOpen(false);
    setZoek(s.weergavenaam);
    try {
      const l = await apiData<Locatie>(`/v1/addrreg/lookup?id=${encodeURIComponent(s.id)}`);
      setLookupError(null);
      onChange({ postcode: l.postcode ?? '', huisnummer: l.huisnummer ? String(l.huisnummer) : '', toevoeging: toevoegingVan(l) });
    } catch (e) {
      setLookupError(e);
    }
  };

  return (
    <fieldset className="adres">
      <legend>Adres van de woning</legend>
      <div className="adres__zoek">
        <label htmlFor="adres-zoek">Zoek een adres</label>
        <input
          id="adres-zoek"
          type="search"
          autoComplete="off"
          placeholder="bijvoorbeeld Damrak 1 Amsterdam"
          value={zoek}
          role="combobox"
          aria-expanded={open && adressen.length > 0}
          aria-controls="adres-suggesties"
          onChange={(e) => {
            setZoek(e.target.value);
            setOpen(true);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {open && q.length >= 2 && (
          <ul id="adres-suggesties" className="suggesties" role="listbox">
            {suggesties.isFetching && adressen.length === 0 && <li className="suggesties__info">Zoeken…</li>}
            {!suggesties.isFetching && suggesties.isSuccess && adressen.length === 0 && <li className="suggesties__info">Geen adressen gevonden</li>}
            {adressen.map((s) => (
              <li key={s.id} role="option" aria-selected={false}>
                <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => void kies(s)}>
                  {s.weergavenaam}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Probleem fout={suggesties.error ?? lookupError} context="Adressen zoeken" />
      <div className="adres__velden">
        <label>
          Postcode
          <input
            name="postcode"
            required
            value={value.postcode}
            placeholder="1234AB"
            onChange={(e) => onChange({ ...value, postcode: e.target.value })}
          />
        </label>
        <label>
          Huisnummer
          <input
            name="huisnummer"
            required
            inputMode="numeric"
            value={value.huisnummer}
            onChange={(e) => onChange({ ...value, huisnummer: e.target.value })}
          />
        </label>
        <label>
          Toevoeging
          <input name="toevoeging" value={value.toevoeging} onChange={(e) => onChange({ ...value, toevoeging: e.target.value })} />
        </label>
      </div>
    </fieldset>
  );
}
