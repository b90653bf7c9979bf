CREATE TABLE "notification_groups" (
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"target_key" text NOT NULL,
	"day" date NOT NULL,
	"latest_at" timestamp with time zone NOT NULL,
	"latest_id" uuid NOT NULL,
	"ids" uuid[] NOT NULL,
	"actor_ids" uuid[] NOT NULL,
	"actor_count" integer NOT NULL,
	"unread_count" integer NOT NULL,
	"read" boolean NOT NULL,
	"post_id" uuid,
	"comment_id" uuid,
	"station_group_id" integer,
	CONSTRAINT "notification_groups_pk" PRIMARY KEY("user_id","type","target_key","day")
);
--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_groups_page_idx" ON "notification_groups" USING btree ("user_id","latest_at" DESC NULLS LAST,"latest_id" DESC NULLS LAST) WHERE "notification_groups"."actor_count" > 0;--> statement-breakpoint
CREATE INDEX "notification_groups_unread_idx" ON "notification_groups" USING btree ("user_id","unread_count") WHERE "notification_groups"."unread_count" > 0;--> statement-breakpoint
-- Recomputes the named groups (docs/notifications.md#grouping) from their notifications: those of
-- the group's type and target on its Japan day, from actors the member has not blocked or muted.
-- Each group first gets a row and the rows are locked in key order, so two transactions that
-- change one group take turns, and the later one's count (a new statement, a new snapshot) sees
-- what the earlier one committed. Members who are being deleted are skipped.
CREATE FUNCTION "ekispot_refresh_notification_groups"(
  "p_users" uuid[], "p_types" notification_type[], "p_targets" text[], "p_days" date[]
) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO "notification_groups" ("user_id", "type", "target_key", "day", "latest_at",
    "latest_id", "ids", "actor_ids", "actor_count", "unread_count", "read")
  SELECT k."user_id", k."type", k."target_key", k."day", 'epoch',
    '00000000-0000-0000-0000-000000000000', '{}', '{}', 0, 0, true
  FROM (SELECT DISTINCT k."user_id", k."type", k."target_key", k."day"
    FROM unnest("p_users", "p_types", "p_targets", "p_days") AS k("user_id", "type", "target_key", "day")
    WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = k."user_id")) k
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;

  PERFORM 1 FROM "notification_groups" g
  JOIN unnest("p_users", "p_types", "p_targets", "p_days") AS k("user_id", "type", "target_key", "day")
    USING ("user_id", "type", "target_key", "day")
  ORDER BY g."user_id", g."type", g."target_key", g."day"
  FOR UPDATE OF g;

  UPDATE "notification_groups" g SET
    "latest_at" = coalesce(a."latest_at", 'epoch'),
    "latest_id" = coalesce(a."ids"[1], '00000000-0000-0000-0000-000000000000'),
    "ids" = coalesce(a."ids", '{}'),
    "actor_ids" = coalesce(a."actor_ids", '{}'),
    "actor_count" = a."actor_count",
    "unread_count" = a."unread_count",
    "read" = a."unread_count" = 0,
    "post_id" = a."post_id",
    "comment_id" = a."comment_id",
    "station_group_id" = a."station_group_id"
  FROM (SELECT DISTINCT k."user_id", k."type", k."target_key", k."day"
    FROM unnest("p_users", "p_types", "p_targets", "p_days") AS k("user_id", "type", "target_key", "day")
    WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = k."user_id")) k
  CROSS JOIN LATERAL (
    SELECT max(n."created_at") AS "latest_at",
      array_agg(n."id" ORDER BY n."created_at" DESC, n."id" DESC) AS "ids",
      (array_agg(n."actor_id" ORDER BY n."created_at" DESC, n."id" DESC))[1:3] AS "actor_ids",
      count(*)::int AS "actor_count",
      (count(*) FILTER (WHERE n."read_at" IS NULL))::int AS "unread_count",
      (array_agg(n."post_id"))[1] AS "post_id",
      (array_agg(n."comment_id" ORDER BY n."created_at" DESC, n."id" DESC))[1] AS "comment_id",
      (array_agg(n."station_group_id"))[1] AS "station_group_id"
    FROM "notifications" n
    WHERE n."user_id" = k."user_id" AND n."type" = k."type" AND n."target_key" = k."target_key"
      AND n."created_at" >= (k."day"::timestamp AT TIME ZONE 'Asia/Tokyo')
      AND n."created_at" < ((k."day" + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')
      AND NOT EXISTS (SELECT 1 FROM "blocks" b WHERE b."blocker_id" = n."user_id" AND b."blocked_id" = n."actor_id")
      AND NOT EXISTS (SELECT 1 FROM "mutes" m WHERE m."muter_id" = n."user_id" AND m."muted_id" = n."actor_id")
  ) a
  WHERE g."user_id" = k."user_id" AND g."type" = k."type" AND g."target_key" = k."target_key"
    AND g."day" = k."day";
END
$$;--> statement-breakpoint
-- The groups a statement on notifications touched: of the rows it wrote or removed, and, for an
-- update, of the rows whose time, read state, comment or actor changed (old and new day alike).
CREATE FUNCTION "ekispot_notification_groups_of_rows"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  "u" uuid[]; "t" notification_type[]; "k" text[]; "d" date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(s."user_id"), array_agg(s."type"), array_agg(s."target_key"), array_agg(s."day")
    INTO "u", "t", "k", "d"
    FROM (SELECT DISTINCT "user_id", "type", "target_key",
      ("created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day" FROM "new_rows") s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(s."user_id"), array_agg(s."type"), array_agg(s."target_key"), array_agg(s."day")
    INTO "u", "t", "k", "d"
    FROM (SELECT DISTINCT "user_id", "type", "target_key",
      ("created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day" FROM "old_rows") s;
  ELSE
    SELECT array_agg(s."user_id"), array_agg(s."type"), array_agg(s."target_key"), array_agg(s."day")
    INTO "u", "t", "k", "d"
    FROM (
      SELECT r."user_id", r."type", r."target_key", (r."created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day"
      FROM "new_rows" r JOIN "old_rows" o USING ("id")
      WHERE r."created_at" IS DISTINCT FROM o."created_at" OR r."read_at" IS DISTINCT FROM o."read_at"
        OR r."comment_id" IS DISTINCT FROM o."comment_id" OR r."actor_id" IS DISTINCT FROM o."actor_id"
      UNION
      SELECT o."user_id", o."type", o."target_key", (o."created_at" AT TIME ZONE 'Asia/Tokyo')::date
      FROM "new_rows" r JOIN "old_rows" o USING ("id")
      WHERE r."created_at" IS DISTINCT FROM o."created_at" OR r."read_at" IS DISTINCT FROM o."read_at"
        OR r."comment_id" IS DISTINCT FROM o."comment_id" OR r."actor_id" IS DISTINCT FROM o."actor_id"
    ) s;
  END IF;
  IF "u" IS NOT NULL THEN
    PERFORM "ekispot_refresh_notification_groups"("u", "t", "k", "d");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_groups_insert" AFTER INSERT ON "notifications"
REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_notification_groups_of_rows"();--> statement-breakpoint
CREATE TRIGGER "notification_groups_update" AFTER UPDATE ON "notifications"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_notification_groups_of_rows"();--> statement-breakpoint
CREATE TRIGGER "notification_groups_delete" AFTER DELETE ON "notifications"
REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_notification_groups_of_rows"();--> statement-breakpoint
-- A block or a mute (made or lifted) changes what the member who made it sees of the other's
-- notifications to them.
CREATE FUNCTION "ekispot_notification_groups_of_relation"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  "viewer" uuid; "other" uuid;
  "u" uuid[]; "t" notification_type[]; "k" text[]; "d" date[];
BEGIN
  IF TG_TABLE_NAME = 'blocks' THEN
    "viewer" := CASE WHEN TG_OP = 'DELETE' THEN OLD."blocker_id" ELSE NEW."blocker_id" END;
    "other" := CASE WHEN TG_OP = 'DELETE' THEN OLD."blocked_id" ELSE NEW."blocked_id" END;
  ELSE
    "viewer" := CASE WHEN TG_OP = 'DELETE' THEN OLD."muter_id" ELSE NEW."muter_id" END;
    "other" := CASE WHEN TG_OP = 'DELETE' THEN OLD."muted_id" ELSE NEW."muted_id" END;
  END IF;
  SELECT array_agg(s."user_id"), array_agg(s."type"), array_agg(s."target_key"), array_agg(s."day")
  INTO "u", "t", "k", "d"
  FROM (SELECT DISTINCT "user_id", "type", "target_key",
      ("created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day"
    FROM "notifications" WHERE "user_id" = "viewer" AND "actor_id" = "other") s;
  IF "u" IS NOT NULL THEN
    PERFORM "ekispot_refresh_notification_groups"("u", "t", "k", "d");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_groups_block" AFTER INSERT OR DELETE ON "blocks"
FOR EACH ROW EXECUTE FUNCTION "ekispot_notification_groups_of_relation"();--> statement-breakpoint
CREATE TRIGGER "notification_groups_mute" AFTER INSERT OR DELETE ON "mutes"
FOR EACH ROW EXECUTE FUNCTION "ekispot_notification_groups_of_relation"();--> statement-breakpoint
-- The groups of the notifications already written.
SELECT "ekispot_refresh_notification_groups"(
  coalesce(array_agg(s."user_id"), '{}'), coalesce(array_agg(s."type"), '{}'),
  coalesce(array_agg(s."target_key"), '{}'), coalesce(array_agg(s."day"), '{}'))
FROM (SELECT DISTINCT "user_id", "type", "target_key",
  ("created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day" FROM "notifications") s;
--> statement-breakpoint
-- Statistics for the new table, so its first pages already walk the index.
ANALYZE "notification_groups";
