-- The lease of the background source health check (lib/db/bron-controle.ts): one row per task, claimed by
-- one process at a time until verloopt_op, so processes sharing a database do not all probe the upstreams.
-- CreateTable
CREATE TABLE "bron_controle" (
    "taak" TEXT NOT NULL,
    "houder" TEXT NOT NULL,
    "verloopt_op" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bron_controle_pkey" PRIMARY KEY ("taak")
);
