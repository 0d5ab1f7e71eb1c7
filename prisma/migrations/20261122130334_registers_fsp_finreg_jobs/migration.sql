-- AlterTable
ALTER TABLE "register_import" ADD COLUMN     "voorbeeld" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "fsp_instelling" (
    "import_id" INTEGER NOT NULL,
    "id" TEXT NOT NULL,
    "naam" TEXT NOT NULL,
    "handelsnamen" TEXT[],
    "zoeknaam" TEXT NOT NULL,
    "kvk_nummer" TEXT,
    "adres" TEXT,
    "postcode" TEXT,
    "plaats" TEXT,
    "plaats_key" TEXT,
    "land" TEXT,
    "land_key" TEXT,
    "ep" BOOLEAN NOT NULL DEFAULT false,
    "lidstaat_herkomst" TEXT,
    "klachteninstituut" TEXT,
    "beleidsbepalers" TEXT[],
    "aantal_vergunningen" INTEGER NOT NULL DEFAULT 0,
    "ruw" JSONB NOT NULL,

    CONSTRAINT "fsp_instelling_pkey" PRIMARY KEY ("import_id","id")
);

-- CreateTable
CREATE TABLE "fsp_vergunning" (
    "import_id" INTEGER NOT NULL,
    "volgnr" INTEGER NOT NULL,
    "vergunningnummer" TEXT NOT NULL,
    "instelling_id" TEXT NOT NULL,
    "instelling_naam" TEXT NOT NULL,
    "ingangsdatum" DATE,
    "einddatum" DATE,
    "producten" JSONB NOT NULL,

    CONSTRAINT "fsp_vergunning_pkey" PRIMARY KEY ("import_id","volgnr")
);

-- CreateTable
CREATE TABLE "finreg_instelling" (
    "import_id" INTEGER NOT NULL,
    "relatienummer" TEXT NOT NULL,
    "naam" TEXT NOT NULL,
    "handelsnamen" TEXT[],
    "zoeknaam" TEXT NOT NULL,
    "statutaire_plaats" TEXT,
    "plaats_vestiging" TEXT,
    "plaats_key" TEXT,
    "land" TEXT,
    "land_key" TEXT,
    "kvk_nummer" TEXT,
    "rsin" TEXT,
    "lei" TEXT,
    "deelregisters" TEXT[],
    "aantal_registraties" INTEGER NOT NULL DEFAULT 0,
    "ruw" JSONB NOT NULL,

    CONSTRAINT "finreg_instelling_pkey" PRIMARY KEY ("import_id","relatienummer")
);

-- CreateTable
CREATE TABLE "finreg_registratie" (
    "import_id" INTEGER NOT NULL,
    "volgnr" INTEGER NOT NULL,
    "relatienummer" TEXT NOT NULL,
    "instelling_naam" TEXT NOT NULL,
    "zoeknaam" TEXT NOT NULL,
    "deelregister" TEXT,
    "registratietype" TEXT,
    "wetsartikel" TEXT,
    "begindatum" DATE,
    "einddatum" DATE,
    "activiteiten" JSONB NOT NULL,

    CONSTRAINT "finreg_registratie_pkey" PRIMARY KEY ("import_id","volgnr")
);

-- CreateTable
CREATE TABLE "job_lease" (
    "job_id" TEXT NOT NULL,
    "houder" TEXT NOT NULL,
    "verloopt_op" TIMESTAMPTZ(3) NOT NULL,
    "bijgewerkt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_lease_pkey" PRIMARY KEY ("job_id")
);

-- CreateTable
CREATE TABLE "job_run" (
    "id" SERIAL NOT NULL,
    "job_id" TEXT NOT NULL,
    "houder" TEXT NOT NULL,
    "gestart_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "klaar_op" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'bezig',
    "melding" TEXT,
    "import_id" INTEGER,

    CONSTRAINT "job_run_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fsp_instelling_import_id_kvk_nummer_idx" ON "fsp_instelling"("import_id", "kvk_nummer");

-- CreateIndex
CREATE INDEX "fsp_instelling_import_id_plaats_key_naam_idx" ON "fsp_instelling"("import_id", "plaats_key", "naam");

-- CreateIndex
CREATE INDEX "fsp_instelling_import_id_land_key_naam_idx" ON "fsp_instelling"("import_id", "land_key", "naam");

-- CreateIndex
CREATE INDEX "fsp_instelling_import_id_naam_id_idx" ON "fsp_instelling"("import_id", "naam", "id");

-- CreateIndex
CREATE INDEX "fsp_instelling_zoeknaam_idx" ON "fsp_instelling" USING GIN ("zoeknaam" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "fsp_vergunning_import_id_vergunningnummer_idx" ON "fsp_vergunning"("import_id", "vergunningnummer");

-- CreateIndex
CREATE INDEX "fsp_vergunning_import_id_instelling_id_idx" ON "fsp_vergunning"("import_id", "instelling_id");

-- CreateIndex
CREATE INDEX "finreg_instelling_import_id_kvk_nummer_idx" ON "finreg_instelling"("import_id", "kvk_nummer");

-- CreateIndex
CREATE INDEX "finreg_instelling_import_id_rsin_idx" ON "finreg_instelling"("import_id", "rsin");

-- CreateIndex
CREATE INDEX "finreg_instelling_import_id_lei_idx" ON "finreg_instelling"("import_id", "lei");

-- CreateIndex
CREATE INDEX "finreg_instelling_import_id_plaats_key_naam_idx" ON "finreg_instelling"("import_id", "plaats_key", "naam");

-- CreateIndex
CREATE INDEX "finreg_instelling_import_id_naam_relatienummer_idx" ON "finreg_instelling"("import_id", "naam", "relatienummer");

-- CreateIndex
CREATE INDEX "finreg_instelling_deelregisters_idx" ON "finreg_instelling" USING GIN ("deelregisters");

-- CreateIndex
CREATE INDEX "finreg_instelling_zoeknaam_idx" ON "finreg_instelling" USING GIN ("zoeknaam" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "finreg_registratie_import_id_relatienummer_idx" ON "finreg_registratie"("import_id", "relatienummer");

-- CreateIndex
CREATE INDEX "finreg_registratie_import_id_deelregister_volgnr_idx" ON "finreg_registratie"("import_id", "deelregister", "volgnr");

-- CreateIndex
CREATE INDEX "finreg_registratie_zoeknaam_idx" ON "finreg_registratie" USING GIN ("zoeknaam" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "job_run_job_id_gestart_op_idx" ON "job_run"("job_id", "gestart_op");
