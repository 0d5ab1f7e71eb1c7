-- CreateTable
CREATE TABLE "dataset_versie" (
    "id" SERIAL NOT NULL,
    "sleutel" TEXT NOT NULL,
    "peildatum" DATE NOT NULL,
    "gepubliceerd_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "bronnen" JSONB NOT NULL,
    "samenvatting" JSONB NOT NULL,
    "aantallen" JSONB NOT NULL,
    "kengetallen" JSONB NOT NULL,
    "voorbeeld" BOOLEAN NOT NULL DEFAULT false,
    "duur_ms" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "dataset_versie_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitor_entiteit" (
    "versie_id" INTEGER NOT NULL,
    "entiteit_type" TEXT NOT NULL,
    "entiteit_id" TEXT NOT NULL,
    "gegevens" JSONB NOT NULL,

    CONSTRAINT "monitor_entiteit_pkey" PRIMARY KEY ("versie_id","entiteit_type","entiteit_id")
);

-- CreateTable
CREATE TABLE "monitor_samenwerking" (
    "versie_id" INTEGER NOT NULL,
    "rang" INTEGER NOT NULL,
    "id" TEXT NOT NULL,
    "gegevens" JSONB NOT NULL,

    CONSTRAINT "monitor_samenwerking_pkey" PRIMARY KEY ("versie_id","rang")
);

-- CreateTable
CREATE TABLE "wijziging" (
    "id" SERIAL NOT NULL,
    "versie_id" INTEGER NOT NULL,
    "datum" DATE NOT NULL,
    "entiteit_type" TEXT NOT NULL,
    "entiteit_id" TEXT NOT NULL,
    "wijziging_type" TEXT NOT NULL,
    "velden" TEXT[],
    "oud" JSONB,
    "nieuw" JSONB,

    CONSTRAINT "wijziging_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "dataset_versie_sleutel_key" ON "dataset_versie"("sleutel");

-- CreateIndex
CREATE INDEX "dataset_versie_peildatum_idx" ON "dataset_versie"("peildatum");

-- CreateIndex
CREATE INDEX "wijziging_versie_id_entiteit_type_wijziging_type_id_idx" ON "wijziging"("versie_id", "entiteit_type", "wijziging_type", "id");

-- CreateIndex
CREATE INDEX "wijziging_entiteit_type_entiteit_id_versie_id_id_idx" ON "wijziging"("entiteit_type", "entiteit_id", "versie_id", "id");

-- CreateIndex
CREATE INDEX "wijziging_datum_entiteit_type_idx" ON "wijziging"("datum", "entiteit_type");

-- wijziging is append-only, enforced by the database: every UPDATE, DELETE or TRUNCATE is refused,
-- whoever sends it (the application never does; see lib/monitor/README.md).
CREATE FUNCTION "wijziging_alleen_toevoegen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wijziging is alleen-toevoegen: % is niet toegestaan', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Wijzigingen worden nooit bijgewerkt of verwijderd; een correctie is een nieuwe rij in een nieuwe versie.';
END
$$;

CREATE TRIGGER "wijziging_geen_update_of_delete" BEFORE UPDATE OR DELETE ON "wijziging"
  FOR EACH ROW EXECUTE FUNCTION "wijziging_alleen_toevoegen"();

CREATE TRIGGER "wijziging_geen_truncate" BEFORE TRUNCATE ON "wijziging"
  FOR EACH STATEMENT EXECUTE FUNCTION "wijziging_alleen_toevoegen"();
