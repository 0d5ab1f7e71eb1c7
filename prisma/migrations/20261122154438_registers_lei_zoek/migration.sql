-- The narrow search table of the LEI entities: q searches count and sort their matches here instead of
-- in the wide lei_entiteit rows (which carry the source record). Filled for the versions already stored.

-- CreateTable
CREATE TABLE "lei_zoek" (
    "import_id" INTEGER NOT NULL,
    "lei" TEXT NOT NULL,
    "naam" TEXT NOT NULL,
    "zoeknaam" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "plaats_key" TEXT,
    "kvk_nummer" TEXT,

    CONSTRAINT "lei_zoek_pkey" PRIMARY KEY ("import_id","lei")
);

-- Existing versions
INSERT INTO "lei_zoek" ("import_id", "lei", "naam", "zoeknaam", "status", "plaats_key", "kvk_nummer")
SELECT "import_id", "lei", "naam", "zoeknaam", "status", "plaats_key", "kvk_nummer" FROM "lei_entiteit";

-- CreateIndex
CREATE INDEX "lei_zoek_zoeknaam_idx" ON "lei_zoek" USING GIN ("zoeknaam" gin_trgm_ops);

-- DropIndex
DROP INDEX "lei_entiteit_zoeknaam_idx";

-- AlterTable
ALTER TABLE "lei_entiteit" DROP COLUMN "zoeknaam";
