-- Events without a point of their own sit at their parent spot or station on the map
-- (map.repository.ts findPostMarkers): this partial index finds those few rows, where the map
-- query otherwise read every event of the table for each viewport.
CREATE INDEX "posts_events_without_point_idx" ON "posts" USING btree ("id") WHERE "posts"."kind" = 'event' and "posts"."lat" is null;
