-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension (added by hand): trigram indexes for case-insensitive search, PGlite loads pg_trgm on every open
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateTable
CREATE TABLE "bron_status" (
    "bron" TEXT NOT NULL,
    "laatst_ok" TIMESTAMPTZ(3),
    "laatste_fout" TIMESTAMPTZ(3),
    "laatste_foutsoort" TEXT,
    "aantal_ok" BIGINT NOT NULL DEFAULT 0,
    "aantal_fout" BIGINT NOT NULL DEFAULT 0,
    "bijgewerkt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bron_status_pkey" PRIMARY KEY ("bron")
);
