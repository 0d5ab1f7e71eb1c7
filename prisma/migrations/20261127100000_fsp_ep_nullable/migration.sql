-- The AFM exports carry no incoming-passport flag: ep is null when the source does not say it.
ALTER TABLE "fsp_instelling" ALTER COLUMN "ep" DROP NOT NULL;
ALTER TABLE "fsp_instelling" ALTER COLUMN "ep" DROP DEFAULT;
