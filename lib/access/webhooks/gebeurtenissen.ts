// The webhook event kinds and their payloads (pure). Every delivery body is one JSON object:
//   { id, soort, aangemaakt_op, api_versie, data }
// `id` is the event's id: the same on every retry of one delivery, so a receiver can drop duplicates.
import { randomUUID } from 'node:crypto';
import { API_VERSION } from '@/lib/api/version';

export const SOORTEN = ['dataset_versie.gepubliceerd', 'volglijst.wijziging'] as const;
export type Soort = (typeof SOORTEN)[number];
/** The test event of the ping operation (never subscribed to: every webhook can receive it). */
export const PING = 'ping';

/** At most this many alerts in one volglijst.wijziging delivery; more are split over several deliveries. */
export const ALERTS_PER_LEVERING = 500;

const PREFIX = '/v1/distributiemonitor';

export interface Gebeurtenis<D> {
  id: string;
  soort: Soort | typeof PING;
  aangemaakt_op: string;
  api_versie: string;
  data: D;
}

function gebeurtenis<D>(soort: Gebeurtenis<D>['soort'], data: D, nu: Date): Gebeurtenis<D> {
  return { id: randomUUID(), soort, aangemaakt_op: nu.toISOString(), api_versie: API_VERSION, data };
}

export interface VersieFeit {
  versie_id: number;
  peildatum: string;
  voorbeeld: boolean;
  samenvatting: Record<string, Record<string, number>>;
  aantallen: Record<string, number>;
}

/** dataset_versie.gepubliceerd: a new version with its changelog counts and where to read it. */
export function versieGepubliceerd(v: VersieFeit, nu: Date) {
  return gebeurtenis(
    'dataset_versie.gepubliceerd',
    {
      ...v,
      links: { versies: `${PREFIX}/versies`, wijzigingen: `${PREFIX}/versies/${v.versie_id}/wijzigingen` },
    },
    nu,
  );
}

export interface AlertFeit {
  alert_id: number;
  gebruiker_id: string;
  entiteit_type: string;
  entiteit_id: string;
  wijziging_type: string;
}

/**
 * volglijst.wijziging: the new alerts of one account in one version (every gebruiker_id of the key), in
 * parts of at most ALERTS_PER_LEVERING; `deel`/`delen` say which part this is.
 */
export function volglijstWijzigingen(versie: { versie_id: number; peildatum: string }, alerts: readonly AlertFeit[], nu: Date) {
  const delen = Math.max(1, Math.ceil(alerts.length / ALERTS_PER_LEVERING));
  return Array.from({ length: delen }, (_, i) =>
    gebeurtenis(
      'volglijst.wijziging',
      {
        ...versie,
        deel: i + 1,
        delen,
        alerts: alerts.slice(i * ALERTS_PER_LEVERING, (i + 1) * ALERTS_PER_LEVERING).map((a) => ({
          ...a,
          wijziging: `${PREFIX}/versies/${versie.versie_id}/wijzigingen?entiteit=${a.entiteit_id}`,
          tijdlijn: `${PREFIX}/alerts/tijdlijn?gebruiker_id=${encodeURIComponent(a.gebruiker_id)}`,
        })),
      },
      nu,
    ),
  );
}

/** ping: the test delivery of POST /webhooks/{id}/ping. */
export function ping(webhookId: number, nu: Date) {
  return gebeurtenis(PING, { webhook_id: webhookId, bericht: 'Testbericht: uw webhook is bereikbaar en de handtekening is te controleren.' }, nu);
}
