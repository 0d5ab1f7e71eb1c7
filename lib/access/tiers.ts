// The tiers of the Authentication section: who may call what and how often. One table, read by the rate
// limiter, the monitor's history gate and the documentation (OpenAPI, docs/toegang.md, key request page).

export type Tier = 'free_preview' | 'standard' | 'enterprise';
export const TIERS: readonly Tier[] = ['free_preview', 'standard', 'enterprise'];

export interface TierRegel {
  tier: Tier;
  /** Requests per hour on the distribution monitor (enterprise: the key's own limit, this is its default). */
  limiet_per_uur: number;
  /** Full history: as-of dates, versions and series older than a year before the newest version. */
  volledige_historie: boolean;
  /** CSV export of the monitor lists. */
  csv: boolean;
  /** Webhooks and bulk export of a whole dataset_versie. */
  webhooks: boolean;
  omschrijving: string;
}

export const TIER_REGELS: Record<Tier, TierRegel> = {
  free_preview: {
    tier: 'free_preview',
    limiet_per_uur: 60,
    volledige_historie: false,
    csv: false,
    webhooks: false,
    omschrijving: 'Zonder sleutel: alle metrieken, alleen het laatste jaar; 60 verzoeken per uur per IP-adres.',
  },
  standard: {
    tier: 'standard',
    limiet_per_uur: 1000,
    volledige_historie: true,
    csv: true,
    webhooks: false,
    omschrijving: 'Met een sleutel (direct uitgegeven): volledige historie en CSV-export; 1.000 verzoeken per uur.',
  },
  enterprise: {
    tier: 'enterprise',
    limiet_per_uur: 10_000,
    volledige_historie: true,
    csv: true,
    webhooks: true,
    omschrijving: 'Op aanvraag: eigen limiet per sleutel, webhooks en bulkexport van een hele datasetversie.',
  },
};

/** Operations outside the distribution monitor: a generous limit per IP address (any tier). */
export const OVERIG_LIMIET_PER_UUR = 3600;

/** How far back free_preview may look: one year before the newest version's peildatum. */
export const PREVIEW_MAANDEN = 12;
