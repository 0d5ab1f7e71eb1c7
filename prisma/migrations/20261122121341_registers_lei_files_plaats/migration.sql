-- DropIndex
DROP INDEX "lei_entiteit_import_id_plaats_idx";

-- AlterTable
ALTER TABLE "lei_entiteit" ADD COLUMN     "plaats_key" TEXT;

-- AlterTable
ALTER TABLE "register_import" ADD COLUMN     "bestanden" JSONB;

-- CreateIndex
CREATE INDEX "lei_entiteit_import_id_plaats_key_naam_idx" ON "lei_entiteit"("import_id", "plaats_key", "naam");

-- CreateIndex
CREATE INDEX "lei_entiteit_import_id_naam_lei_idx" ON "lei_entiteit"("import_id", "naam", "lei");
