-- Lists (docs/lists.md). The lists and list_items tables exist since 0000; this adds what their
-- rules need.
-- Every list of lists is ordered by last update now (timelines, a member's lists, the profile tab).
DROP INDEX IF EXISTS "lists_created_at_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "lists_user_created_idx";--> statement-breakpoint
-- The list timelines walk public lists by their last update; a member's own lists likewise.
CREATE INDEX "lists_public_updated_idx" ON "lists" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "lists"."is_public";--> statement-breakpoint
CREATE INDEX "lists_user_updated_idx" ON "lists" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A station or a post is in a list at most once (a second add is a 409).
CREATE UNIQUE INDEX "list_items_list_station_key" ON "list_items" USING btree ("list_id","station_group_id") WHERE "list_items"."station_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "list_items_list_post_key" ON "list_items" USING btree ("list_id","post_id") WHERE "list_items"."post_id" is not null;--> statement-breakpoint
-- item_count follows the rows whatever removes them: the API, or a foreign key's cascade when
-- a post is deleted or its author leaves (that path never goes through the lists module).
CREATE FUNCTION "ekispot_list_item_count"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "lists" SET "item_count" = "item_count" + 1 WHERE "id" = NEW."list_id";
  ELSE
    UPDATE "lists" SET "item_count" = "item_count" - 1 WHERE "id" = OLD."list_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "list_items_count" AFTER INSERT OR DELETE ON "list_items"
FOR EACH ROW EXECUTE FUNCTION "ekispot_list_item_count"();--> statement-breakpoint
UPDATE "lists" AS l SET "item_count" = (SELECT count(*) FROM "list_items" WHERE "list_id" = l."id");
