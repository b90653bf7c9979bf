-- One station per name (docs/stations.md#one-station-per-name): each existing station group is
-- the main station of its own transfer group until the next station import splits it.
ALTER TABLE "station_groups" ADD COLUMN "transfer_group_id" integer;--> statement-breakpoint
UPDATE "station_groups" SET "transfer_group_id" = "id";--> statement-breakpoint
ALTER TABLE "station_groups" ALTER COLUMN "transfer_group_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "station_groups_transfer_group_id_idx" ON "station_groups" USING btree ("transfer_group_id");
