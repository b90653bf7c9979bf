-- One rule for what members see (docs/moderation.md#hidden-items), here for the notification
-- list's groups: a notification counts only while its actor is not suspended and the post and
-- comment it is about are shown to the recipient (not hidden by a moderator, not by a suspended
-- member, or the recipient's own). A notice from the operators always counts. The same rule
-- in TypeScript is `notificationInSight` (apps/api/src/db/moderated.ts), which the stream, the
-- push worker and the mail digest read with; notification-groups.test.ts holds the two equal.
-- The type is compared as text: on a new database every migration runs in one transaction, and
-- an enum value added in it ('moderation', 0016) cannot be written as a literal until it commits.
CREATE OR REPLACE FUNCTION "ekispot_refresh_notification_groups"(
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
      AND (n."type"::text = 'moderation' OR (
        n."actor_id" NOT IN (SELECT s."id" FROM "users" s
          WHERE s."suspended_until" IS NOT NULL AND s."suspended_until" > now())
        AND (n."post_id" IS NULL OR EXISTS (SELECT 1 FROM "posts" p WHERE p."id" = n."post_id"
          AND ((p."hidden_at" IS NULL AND p."user_id" NOT IN (SELECT s."id" FROM "users" s
            WHERE s."suspended_until" IS NOT NULL AND s."suspended_until" > now()))
            OR p."user_id" = n."user_id")))
        AND (n."comment_id" IS NULL OR EXISTS (SELECT 1 FROM "comments" c WHERE c."id" = n."comment_id"
          AND ((c."hidden_at" IS NULL AND c."user_id" NOT IN (SELECT s."id" FROM "users" s
            WHERE s."suspended_until" IS NOT NULL AND s."suspended_until" > now()))
            OR c."user_id" = n."user_id")))))
  ) a
  WHERE g."user_id" = k."user_id" AND g."type" = k."type" AND g."target_key" = k."target_key"
    AND g."day" = k."day";
END
$$;--> statement-breakpoint
-- A moderator's hide or restore, a suspension begun, lifted or run out (the notification worker
-- clears `suspended_until` once it lies in the past): the groups of the notifications about the
-- item, or by and about the member, are counted again.
CREATE FUNCTION "ekispot_notification_groups_of_moderation"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  "u" uuid[]; "t" notification_type[]; "k" text[]; "d" date[];
BEGIN
  SELECT array_agg(s."user_id"), array_agg(s."type"), array_agg(s."target_key"), array_agg(s."day")
  INTO "u", "t", "k", "d"
  FROM (SELECT DISTINCT n."user_id", n."type", n."target_key",
      (n."created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day"
    FROM "notifications" n
    WHERE CASE TG_TABLE_NAME
      WHEN 'posts' THEN n."post_id" = NEW."id"
      WHEN 'comments' THEN n."comment_id" = NEW."id"
      ELSE n."actor_id" = NEW."id"
        OR n."post_id" IN (SELECT p."id" FROM "posts" p WHERE p."user_id" = NEW."id")
        OR n."comment_id" IN (SELECT c."id" FROM "comments" c WHERE c."user_id" = NEW."id")
    END) s;
  IF "u" IS NOT NULL THEN
    PERFORM "ekispot_refresh_notification_groups"("u", "t", "k", "d");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_groups_post_hidden" AFTER UPDATE OF "hidden_at" ON "posts"
FOR EACH ROW WHEN (OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at")
EXECUTE FUNCTION "ekispot_notification_groups_of_moderation"();--> statement-breakpoint
CREATE TRIGGER "notification_groups_comment_hidden" AFTER UPDATE OF "hidden_at" ON "comments"
FOR EACH ROW WHEN (OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at")
EXECUTE FUNCTION "ekispot_notification_groups_of_moderation"();--> statement-breakpoint
CREATE TRIGGER "notification_groups_member_suspended" AFTER UPDATE OF "suspended_until" ON "users"
FOR EACH ROW WHEN (OLD."suspended_until" IS DISTINCT FROM NEW."suspended_until")
EXECUTE FUNCTION "ekispot_notification_groups_of_moderation"();--> statement-breakpoint
-- The groups of what is out of sight already: hidden posts and comments, running suspensions.
SELECT "ekispot_refresh_notification_groups"(
  coalesce(array_agg(s."user_id"), '{}'), coalesce(array_agg(s."type"), '{}'),
  coalesce(array_agg(s."target_key"), '{}'), coalesce(array_agg(s."day"), '{}'))
FROM (SELECT DISTINCT n."user_id", n."type", n."target_key",
  (n."created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day" FROM "notifications" n
  WHERE n."actor_id" IN (SELECT "id" FROM "users" WHERE "suspended_until" IS NOT NULL)
    OR n."post_id" IN (SELECT p."id" FROM "posts" p WHERE p."hidden_at" IS NOT NULL
      OR p."user_id" IN (SELECT "id" FROM "users" WHERE "suspended_until" IS NOT NULL))
    OR n."comment_id" IN (SELECT c."id" FROM "comments" c WHERE c."hidden_at" IS NOT NULL
      OR c."user_id" IN (SELECT "id" FROM "users" WHERE "suspended_until" IS NOT NULL))) s;
