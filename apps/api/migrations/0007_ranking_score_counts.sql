-- How many members hold each score on each board (docs/rankings.md#own-rank): a member's rank is
-- one more than the members above them, a sum over the distinct scores above theirs instead of a
-- count over every member above.
CREATE TABLE "ranking_score_counts" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"score" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "ranking_score_counts_pk" PRIMARY KEY("board","period","starts_on","score")
);
--> statement-breakpoint
-- The counts follow the scores whatever writes them: recordActivity, or the cascade when a member
-- leaves. Each statement's changes are summed and applied in key order, so two transactions lock
-- count rows in the same order.
CREATE FUNCTION "ekispot_ranking_score_counts"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ranking_score_counts" ("board", "period", "starts_on", "score", "members")
    SELECT "board", "period", "starts_on", "score", count(*)::int FROM "new_rows"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("board", "period", "starts_on", "score")
    DO UPDATE SET "members" = "ranking_score_counts"."members" + excluded."members";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "ranking_score_counts" ("board", "period", "starts_on", "score", "members")
    SELECT "board", "period", "starts_on", "score", -count(*)::int FROM "old_rows"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("board", "period", "starts_on", "score")
    DO UPDATE SET "members" = "ranking_score_counts"."members" + excluded."members";
  ELSE
    INSERT INTO "ranking_score_counts" ("board", "period", "starts_on", "score", "members")
    SELECT "board", "period", "starts_on", "score", sum("change")::int
    FROM (
      SELECT "board", "period", "starts_on", "score", 1 AS "change" FROM "new_rows"
      UNION ALL
      SELECT "board", "period", "starts_on", "score", -1 FROM "old_rows"
    ) AS "moves"
    GROUP BY 1, 2, 3, 4 HAVING sum("change") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("board", "period", "starts_on", "score")
    DO UPDATE SET "members" = "ranking_score_counts"."members" + excluded."members";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ranking_score_counts_insert" AFTER INSERT ON "ranking_scores"
REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_ranking_score_counts"();--> statement-breakpoint
CREATE TRIGGER "ranking_score_counts_update" AFTER UPDATE ON "ranking_scores"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_ranking_score_counts"();--> statement-breakpoint
CREATE TRIGGER "ranking_score_counts_delete" AFTER DELETE ON "ranking_scores"
REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "ekispot_ranking_score_counts"();--> statement-breakpoint
INSERT INTO "ranking_score_counts" ("board", "period", "starts_on", "score", "members")
SELECT "board", "period", "starts_on", "score", count(*)::int FROM "ranking_scores"
GROUP BY 1, 2, 3, 4;
