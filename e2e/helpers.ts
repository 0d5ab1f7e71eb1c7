// Shared checks for the browser tests: collect console errors and every request that leaves this machine.
import type { APIRequestContext, Page } from '@playwright/test';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Records console errors, uncaught page errors and requests to any host other than this machine. */
export function watchPage(page: Page) {
  const consoleErrors: string[] = [];
  const externalRequests: string[] = [];
  page.on('console', (msg) => {
    // With the address it is about: "Failed to load resource" alone does not say which.
    // Not counted: Chromium's own request for /favicon.ico when a tab shows a document without an icon link (an
    // API answer or a download opened from a page); the pages themselves declare app/icon.svg.
    const url = msg.location().url;
    if (msg.type() === 'error' && /\/favicon\.ico(\?.*)?$/.test(url)) return;
    if (msg.type() === 'error') consoleErrors.push(url ? `${msg.text()} (${url})` : msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return;
    if (!LOCAL_HOSTS.has(url.hostname)) externalRequests.push(`${request.method()} ${request.url()}`);
  });
  return { consoleErrors, externalRequests };
}

/** Records the page's console warnings (React, recharts, Chromium): the views must not produce any of their own. */
export function watchWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return warnings;
}

/**
 * The warnings a view caused itself. Chromium warns about a stylesheet that a route prefetch preloaded and the
 * page did not use within a few seconds of its load event (so whether it comes depends on the machine's load):
 * that is another view's CSS (the tab bar prefetches every view) unless the file holds one of the view's own
 * class names (`ownCss`, e.g. /\.(netwerk|boom)[-_]/).
 */
export async function ownWarnings(request: APIRequestContext, warnings: string[], ownCss: RegExp): Promise<string[]> {
  const own: string[] = [];
  for (const w of warnings) {
    const css = /^The resource (\S+\.css) was preloaded using link preload but not used/.exec(w);
    if (css && !ownCss.test(await (await request.get(css[1])).text())) continue;
    own.push(w);
  }
  return own;
}
