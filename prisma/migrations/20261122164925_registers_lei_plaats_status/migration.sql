-- DropIndex
DROP INDEX "lei_entiteit_import_id_plaats_key_naam_idx";

-- CreateIndex
CREATE INDEX "lei_entiteit_import_id_plaats_key_naam_status_idx" ON "lei_entiteit"("import_id", "plaats_key", "naam", "status");
