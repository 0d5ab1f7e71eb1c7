-- CreateTable
CREATE TABLE "volglijst" (
    "id" SERIAL NOT NULL,
    "sleutel_id" INTEGER NOT NULL,
    "gebruiker_id" TEXT NOT NULL,
    "entiteit_type" TEXT NOT NULL,
    "entiteit_id" TEXT NOT NULL,
    "toegevoegd_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "volglijst_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert" (
    "id" SERIAL NOT NULL,
    "sleutel_id" INTEGER NOT NULL,
    "gebruiker_id" TEXT NOT NULL,
    "versie_id" INTEGER NOT NULL,
    "wijziging_id" INTEGER NOT NULL,
    "entiteit_type" TEXT NOT NULL,
    "entiteit_id" TEXT NOT NULL,
    "wijziging_type" TEXT NOT NULL,
    "datum" DATE NOT NULL,
    "aangemaakt_op" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gelezen_op" TIMESTAMPTZ(3),

    CONSTRAINT "alert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "volglijst_entiteit_type_entiteit_id_idx" ON "volglijst"("entiteit_type", "entiteit_id");

-- CreateIndex
CREATE UNIQUE INDEX "volglijst_sleutel_id_gebruiker_id_entiteit_type_entiteit_id_key" ON "volglijst"("sleutel_id", "gebruiker_id", "entiteit_type", "entiteit_id");

-- CreateIndex
CREATE INDEX "alert_sleutel_id_gebruiker_id_id_idx" ON "alert"("sleutel_id", "gebruiker_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "alert_sleutel_id_gebruiker_id_wijziging_id_key" ON "alert"("sleutel_id", "gebruiker_id", "wijziging_id");
