'use client';
// A copy button for a piece of text (the new key, a curl example): the clipboard API where the browser allows
// it, else the text is selected so that Ctrl+C (Cmd+C) copies it. The outcome is announced (aria-live).
import { useEffect, useState, type RefObject } from 'react';

/** Copies `tekst`; `doel` is the element that shows it (selected when the clipboard cannot be used). */
export function KopieerKnop({ tekst, doel, label, klein }: { tekst: string; doel: RefObject<HTMLElement | null>; label: string; klein?: boolean }) {
  const [uitkomst, setUitkomst] = useState<'' | 'ok' | 'mislukt'>('');

  useEffect(() => {
    if (uitkomst !== 'ok') return;
    const t = setTimeout(() => setUitkomst(''), 4000);
    return () => clearTimeout(t);
  }, [uitkomst]);

  const selecteer = () => {
    const el = doel.current;
    const sel = window.getSelection();
    if (el && sel) sel.selectAllChildren(el);
  };

  const kopieer = async () => {
    try {
      if (!navigator.clipboard) throw new Error('geen klembord');
      await navigator.clipboard.writeText(tekst);
      setUitkomst('ok');
    } catch {
      selecteer();
      setUitkomst('mislukt');
    }
  };

  return (
    <span className="kopieer">
      <button type="button" className={`knop knop--rand${klein ? ' knop--klein' : ''}`} onClick={() => void kopieer()}>
        {label}
      </button>
      <span className="kopieer__uitkomst" role="status" aria-live="polite">
        {uitkomst === 'ok' && 'Gekopieerd naar het klembord.'}
        {uitkomst === 'mislukt' && 'Kopiëren lukte niet automatisch: de tekst is geselecteerd, kopieer hem met Ctrl+C (Cmd+C op een Mac).'}
      </span>
    </span>
  );
}
