-- CreateTable
CREATE TABLE "anbi_beschikking" (
    "import_id" INTEGER NOT NULL,
    "id" TEXT NOT NULL,
    "rsin" TEXT,
    "dossiernummer" TEXT,
    "naam" TEXT,
    "alias" TEXT,
    "zoeknaam" TEXT NOT NULL,
    "plaats" TEXT,
    "plaats_key" TEXT,
    "website" TEXT,
    "ingangsdatum" DATE,
    "intrekkingsdatum" DATE,
    "ingangsdatum_cultuur" DATE,
    "einddatum_cultuur" DATE,
    "ruw" JSONB NOT NULL,

    CONSTRAINT "anbi_beschikking_pkey" PRIMARY KEY ("import_id","id")
);

-- CreateIndex
CREATE INDEX "anbi_beschikking_import_id_rsin_idx" ON "anbi_beschikking"("import_id", "rsin");

-- CreateIndex
CREATE INDEX "anbi_beschikking_import_id_dossiernummer_idx" ON "anbi_beschikking"("import_id", "dossiernummer");

-- CreateIndex
CREATE INDEX "anbi_beschikking_import_id_plaats_key_naam_idx" ON "anbi_beschikking"("import_id", "plaats_key", "naam");

-- CreateIndex
CREATE INDEX "anbi_beschikking_import_id_naam_id_idx" ON "anbi_beschikking"("import_id", "naam", "id");

-- CreateIndex
CREATE INDEX "anbi_beschikking_zoeknaam_idx" ON "anbi_beschikking" USING GIN ("zoeknaam" gin_trgm_ops);
