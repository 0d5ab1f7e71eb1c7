-- CreateTable
CREATE TABLE "bron_uur" (
    "bron" TEXT NOT NULL,
    "uur" TIMESTAMPTZ(3) NOT NULL,
    "uitkomst" TEXT NOT NULL,
    "aantal" INTEGER NOT NULL DEFAULT 0,
    "duur_buckets" INTEGER[],

    CONSTRAINT "bron_uur_pkey" PRIMARY KEY ("bron","uur","uitkomst")
);

-- CreateTable
CREATE TABLE "bron_drift" (
    "bron" TEXT NOT NULL,
    "soort" TEXT NOT NULL,
    "veld" TEXT NOT NULL,
    "aantal" BIGINT NOT NULL DEFAULT 0,
    "eerst_gezien" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "laatst_gezien" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bron_drift_pkey" PRIMARY KEY ("bron","soort","veld")
);
