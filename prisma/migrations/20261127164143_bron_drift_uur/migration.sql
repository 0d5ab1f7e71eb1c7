-- Drift counters per hour (as bron_uur), so /status can show them over 24 hours. Existing rows are
-- assigned to the hour they were last seen in.
-- AlterTable
ALTER TABLE "bron_drift" ADD COLUMN "uur" TIMESTAMPTZ(3);
UPDATE "bron_drift" SET "uur" = date_trunc('hour', "laatst_gezien" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
ALTER TABLE "bron_drift" DROP CONSTRAINT "bron_drift_pkey",
ALTER COLUMN "uur" SET NOT NULL,
ADD CONSTRAINT "bron_drift_pkey" PRIMARY KEY ("bron", "uur", "soort", "veld");
