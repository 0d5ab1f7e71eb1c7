-- CreateTable
CREATE TABLE "register_import" (
    "id" SERIAL NOT NULL,
    "register" TEXT NOT NULL,
    "peildatum" TIMESTAMPTZ(3),
    "bron_url" TEXT,
    "sha256" TEXT,
    "aantallen" JSONB,
    "status" TEXT NOT NULL DEFAULT 'bezig',
    "fout" TEXT,
    "pid" INTEGER,
    "gestart_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "klaar_op" TIMESTAMPTZ(3),

    CONSTRAINT "register_import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "register_versie" (
    "register" TEXT NOT NULL,
    "import_id" INTEGER NOT NULL,
    "vorige_import_id" INTEGER,
    "gepubliceerd_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "register_versie_pkey" PRIMARY KEY ("register")
);

-- CreateTable
CREATE TABLE "lei_entiteit" (
    "import_id" INTEGER NOT NULL,
    "lei" TEXT NOT NULL,
    "naam" TEXT NOT NULL,
    "andere_namen" TEXT[],
    "zoeknaam" TEXT NOT NULL,
    "kvk_nummer" TEXT,
    "plaats" TEXT,
    "land" TEXT,
    "postcode" TEXT,
    "adres" TEXT,
    "jurisdictie" TEXT,
    "status" TEXT NOT NULL,
    "registratie_status" TEXT,
    "rechtsvorm" TEXT,
    "rechtsvorm_code" TEXT,
    "categorie" TEXT,
    "registratie_autoriteit" TEXT,
    "registratie_nummer" TEXT,
    "oprichtingsdatum" TEXT,
    "eerste_registratie" TIMESTAMPTZ(3),
    "laatste_wijziging" TIMESTAMPTZ(3),
    "volgende_verlenging" TIMESTAMPTZ(3),
    "beheerder_lou" TEXT,
    "ruw" JSONB NOT NULL,

    CONSTRAINT "lei_entiteit_pkey" PRIMARY KEY ("import_id","lei")
);

-- CreateTable
CREATE TABLE "lei_relatie" (
    "import_id" INTEGER NOT NULL,
    "volgnr" INTEGER NOT NULL,
    "start_lei" TEXT NOT NULL,
    "end_lei" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT,
    "registratie_status" TEXT,
    "perioden" JSONB NOT NULL,
    "laatste_wijziging" TIMESTAMPTZ(3),

    CONSTRAINT "lei_relatie_pkey" PRIMARY KEY ("import_id","volgnr")
);

-- CreateIndex
CREATE INDEX "register_import_register_gestart_op_idx" ON "register_import"("register", "gestart_op");

-- CreateIndex
CREATE INDEX "lei_entiteit_import_id_kvk_nummer_idx" ON "lei_entiteit"("import_id", "kvk_nummer");

-- CreateIndex
CREATE INDEX "lei_entiteit_import_id_plaats_idx" ON "lei_entiteit"("import_id", "plaats");

-- CreateIndex
CREATE INDEX "lei_entiteit_zoeknaam_idx" ON "lei_entiteit" USING GIN ("zoeknaam" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "lei_relatie_import_id_start_lei_idx" ON "lei_relatie"("import_id", "start_lei");

-- CreateIndex
CREATE INDEX "lei_relatie_import_id_end_lei_idx" ON "lei_relatie"("import_id", "end_lei");
