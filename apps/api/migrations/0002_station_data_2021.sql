CREATE TABLE "companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_type" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_links" (
	"line_id" integer NOT NULL,
	"from_station_id" integer NOT NULL,
	"to_station_id" integer NOT NULL,
	CONSTRAINT "station_links_line_id_from_station_id_to_station_id_pk" PRIMARY KEY("line_id","from_station_id","to_station_id")
);
--> statement-breakpoint
CREATE TABLE "station_search_terms" (
	"group_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"station_name" text NOT NULL,
	"is_group_name" boolean DEFAULT false NOT NULL,
	"name_line_count" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "station_search_terms_group_id_kind_term_station_name_pk" PRIMARY KEY("group_id","kind","term","station_name")
);
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "name_kana" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "kind" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "station_groups" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "station_groups" ADD COLUMN "line_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "station_groups" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "station_groups" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "station_links" ADD CONSTRAINT "station_links_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_links" ADD CONSTRAINT "station_links_from_station_id_stations_id_fk" FOREIGN KEY ("from_station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_links" ADD CONSTRAINT "station_links_to_station_id_stations_id_fk" FOREIGN KEY ("to_station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_search_terms" ADD CONSTRAINT "station_search_terms_group_id_station_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."station_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_search_terms_term_idx" ON "station_search_terms" USING btree ("kind","term");--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "prefectures" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "station_groups" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "stations" DROP COLUMN "name_en";