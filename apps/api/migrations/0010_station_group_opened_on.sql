-- IF NOT EXISTS: this migration was first journalled with a time before 0009's, so an
-- installation made after it records it and meets it once more (docs/conventions.md#migrations).
ALTER TABLE "station_groups" ADD COLUMN IF NOT EXISTS "opened_on" date;