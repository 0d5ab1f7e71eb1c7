-- CreateTable
CREATE TABLE "api_sleutel" (
    "id" SERIAL NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "limiet_per_uur" INTEGER,
    "eigenaar" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "organisatie" TEXT,
    "gebruik" TEXT,
    "aangemaakt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "laatst_gebruikt_op" TIMESTAMPTZ(3),
    "ingetrokken_op" TIMESTAMPTZ(3),

    CONSTRAINT "api_sleutel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sleutel_aanvraag" (
    "id" SERIAL NOT NULL,
    "naam" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "organisatie" TEXT,
    "gebruik" TEXT NOT NULL,
    "tier_gewenst" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "sleutel_id" INTEGER,
    "aangemaakt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "behandeld_op" TIMESTAMPTZ(3),

    CONSTRAINT "sleutel_aanvraag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_teller" (
    "onderwerp" TEXT NOT NULL,
    "venster" TIMESTAMPTZ(3) NOT NULL,
    "aantal" INTEGER NOT NULL,

    CONSTRAINT "rate_teller_pkey" PRIMARY KEY ("onderwerp","venster")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_sleutel_hash_key" ON "api_sleutel"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "api_sleutel_prefix_key" ON "api_sleutel"("prefix");

-- CreateIndex
CREATE INDEX "sleutel_aanvraag_status_aangemaakt_op_idx" ON "sleutel_aanvraag"("status", "aangemaakt_op");

-- CreateIndex
CREATE INDEX "rate_teller_venster_idx" ON "rate_teller"("venster");
