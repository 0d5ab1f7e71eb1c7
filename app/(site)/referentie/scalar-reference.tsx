'use client';
// Mounts Scalar's standalone API reference on the OpenAPI document of this service. Everything is served
// from this origin: the bundle from /referentie/scalar.js, no fonts, no proxy, no telemetry, and the
// features that talk to Scalar's cloud (test requests, API client, developer tools, agent, MCP) are off.
import { useEffect, useRef, useState } from 'react';
import { scalarNl } from './scalar-nl';

interface ScalarApp {
  destroy?: () => void;
}
interface ScalarGlobal {
  createApiReference: (element: Element, configuration: Record<string, unknown>) => ScalarApp;
}

let bundleLoad: Promise<ScalarGlobal> | null = null;

/** Loads the bundle once per page life; later mounts reuse it. */
function loadBundle(src: string): Promise<ScalarGlobal> {
  const existing = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
  if (existing) return Promise.resolve(existing);
  bundleLoad ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
      if (loaded) resolve(loaded);
      else reject(new Error('Scalar niet gevonden na laden'));
    };
    script.onerror = () => {
      bundleLoad = null;
      reject(new Error(`laden van ${src} mislukt`));
    };
    document.head.appendChild(script);
  });
  return bundleLoad;
}

/** The configuration: a local document and nothing that leaves this origin. */
function configuration(specUrl: string): Record<string, unknown> {
  const origin = window.location.origin;
  return {
    url: specUrl,
    layout: 'modern',
    theme: 'default',
    withDefaultFonts: false,
    telemetry: false,
    proxyUrl: '',
    hideClientButton: true,
    hideTestRequestButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    // Point every cloud address Scalar knows at this origin, so no hidden feature reaches scalar.com.
    externalUrls: { dashboardUrl: origin, registryUrl: origin, proxyUrl: origin, apiBaseUrl: origin },
    baseServerURL: origin,
    documentDownloadType: 'json',
    hideDarkModeToggle: false,
    defaultOpenFirstTag: true,
    metaData: { title: 'API-referentie · Nederlandse publieke data, één standaard' },
    localization: { locale: 'nl', direction: 'ltr', translations: scalarNl },
    customCss: `.scalar-app, .light-mode, .dark-mode {
  --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
}`,
  };
}

/** The reference itself, or a Dutch message while it loads or when it cannot load. */
export function ScalarReference({ scriptSrc, specUrl }: { scriptSrc: string; specUrl: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'laden' | 'klaar' | 'fout'>('laden');

  useEffect(() => {
    let cancelled = false;
    let app: ScalarApp | undefined;
    loadBundle(scriptSrc)
      .then((Scalar) => {
        if (cancelled || !mount.current) return;
        app = Scalar.createApiReference(mount.current, configuration(specUrl));
        setStatus('klaar');
      })
      .catch((error: unknown) => {
        console.error('API-referentie: laden mislukt', error);
        if (!cancelled) setStatus('fout');
      });
    return () => {
      cancelled = true;
      app?.destroy?.();
      // Scalar marks <body> with its colour mode, and its stylesheet (which stays loaded) paints the body
      // from that mode: without the class, the other pages keep their own background.
      document.body.classList.remove('light-mode', 'dark-mode');
    };
  }, [scriptSrc, specUrl]);

  return (
    <>
      {status === 'laden' && (
        <p className="referentie__status" role="status">
          De API-referentie wordt geladen…
        </p>
      )}
      {status === 'fout' && (
        <p className="referentie__status" role="alert">
          De API-referentie kon niet worden geladen. Het OpenAPI-document zelf staat op{' '}
          <a href={specUrl}>{specUrl}</a>.
        </p>
      )}
      <div ref={mount} className="referentie__scalar" />
    </>
  );
}
