-- CreateTable
CREATE TABLE "webhook" (
    "id" SERIAL NOT NULL,
    "sleutel_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "soorten" TEXT[],
    "geheim" TEXT NOT NULL,
    "omschrijving" TEXT,
    "aangemaakt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verwijderd_op" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_levering" (
    "id" SERIAL NOT NULL,
    "webhook_id" INTEGER NOT NULL,
    "gebeurtenis_id" TEXT NOT NULL,
    "soort" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'wachtend',
    "pogingen" INTEGER NOT NULL DEFAULT 0,
    "volgende_poging" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "bezig_tot" TIMESTAMPTZ(3),
    "aangemaakt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "afgerond_op" TIMESTAMPTZ(3),
    "laatste_status" INTEGER,
    "laatste_fout" TEXT,

    CONSTRAINT "webhook_levering_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_poging" (
    "id" SERIAL NOT NULL,
    "levering_id" INTEGER NOT NULL,
    "nummer" INTEGER NOT NULL,
    "op" TIMESTAMPTZ(3) NOT NULL,
    "http_status" INTEGER,
    "fout" TEXT,
    "duur_ms" INTEGER NOT NULL,

    CONSTRAINT "webhook_poging_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_sleutel_id_idx" ON "webhook"("sleutel_id");

-- CreateIndex
CREATE INDEX "webhook_levering_status_volgende_poging_idx" ON "webhook_levering"("status", "volgende_poging");

-- CreateIndex
CREATE INDEX "webhook_levering_webhook_id_id_idx" ON "webhook_levering"("webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_poging_levering_id_idx" ON "webhook_poging"("levering_id");

-- The delivery states (lib/access/webhooks/README in lib/access/README.md) and event kinds, enforced.
ALTER TABLE "webhook_levering" ADD CONSTRAINT "webhook_levering_status_check"
  CHECK ("status" IN ('wachtend', 'afgeleverd', 'mislukt', 'geannuleerd'));
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_soorten_check"
  CHECK ("soorten" <@ ARRAY['dataset_versie.gepubliceerd', 'volglijst.wijziging']::text[] AND cardinality("soorten") > 0);
