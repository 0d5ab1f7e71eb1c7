'use client';
// Drag-and-drop (or pick) one XML file; refuses other types and files over the API's size cap up front.
import { useRef, useState, type DragEvent } from 'react';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** A drop zone that hands one accepted file to onFile, and says why a file was refused. */
export function XmlDropZone({ file, onFile }: { file: File | null; onFile: (f: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const accept = (f: File | undefined) => {
    if (!f) return;
    if (!/\.xml$/i.test(f.name) && !/xml/.test(f.type)) return setRefused(`${f.name} is geen XML-bestand.`);
    if (f.size > MAX_UPLOAD_BYTES) return setRefused(`${f.name} is ${(f.size / 1048576).toFixed(1)} MiB; het maximum is 2 MiB.`);
    setRefused(null);
    onFile(f);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    accept(e.dataTransfer.files[0]);
  };

  return (
    <div>
      <div
        className={`dropzone${over ? ' dropzone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
        role="button"
        tabIndex={0}
        aria-label="Kies of sleep een energieprestatiebestand (XML)"
      >
        {file ? (
          <span>
            <strong>{file.name}</strong> ({Math.max(1, Math.round(file.size / 1024))} KiB) · klik of sleep om te vervangen
          </span>
        ) : (
          <span>
            Sleep hier een energieprestatiebestand (XML, bijvoorbeeld een EP-Online-registratie of maatwerkadvies) of{' '}
            <u>kies een bestand</u>. Hoogstens 2 MiB.
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml"
          hidden
          data-testid="xml-bestand"
          onChange={(e) => accept(e.target.files?.[0] ?? undefined)}
        />
      </div>
      {refused && (
        <p className="probleem" role="alert">
          {refused}
        </p>
      )}
    </div>
  );
}
