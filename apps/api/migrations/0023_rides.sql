CREATE TABLE "ride_photos" (
	"ride_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "ride_photos_ride_id_image_id_pk" PRIMARY KEY("ride_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "ride_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"public_by_default" boolean DEFAULT false NOT NULL,
	"totals_public" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"journey_id" uuid,
	"leg" smallint DEFAULT 0 NOT NULL,
	"line_id" integer NOT NULL,
	"from_station_id" integer NOT NULL,
	"to_station_id" integer NOT NULL,
	"way" text DEFAULT 'short' NOT NULL,
	"path" integer[] NOT NULL,
	"distance_m" integer NOT NULL,
	"ridden_on" date NOT NULL,
	"train" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rides_way_check" CHECK ("rides"."way" in ('short', 'long'))
);
--> statement-breakpoint
ALTER TABLE "ride_photos" ADD CONSTRAINT "ride_photos_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_photos" ADD CONSTRAINT "ride_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_settings" ADD CONSTRAINT "ride_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_from_station_id_stations_id_fk" FOREIGN KEY ("from_station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_to_station_id_stations_id_fk" FOREIGN KEY ("to_station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rides_user_ridden_idx" ON "rides" USING btree ("user_id","ridden_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rides_public_user_idx" ON "rides" USING btree ("user_id") WHERE "rides"."is_public";