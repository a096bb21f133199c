-- Keeps booking_counts + booking_count_deltas equal to the bookings per key, in the transaction that
-- changes them, whatever code writes (docs/decisions/0151-booking-counts.md). Writers only append
-- deltas, so two bookings created at once never wait on the same counter row.
CREATE FUNCTION booking_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new booking has no game yet (games reference bookings), so it is not activated.
  INSERT INTO booking_count_deltas (booking_status, lead_status, needs_venue, needs_host, activated, n)
  SELECT b.booking_status, b.lead_status,
         b.meeting_point_status IS DISTINCT FROM 'confirmed' OR b.hiding_spot_status IS DISTINCT FROM 'confirmed',
         b.hosted AND b.assigned_host_id IS NULL,
         false, count(*)
  FROM booking_counts_new b
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old rows out, new rows in; keys that did not change cancel out and write nothing. The game is
  -- read as committed now: an activation in flight waits for this booking's row lock (see games).
  INSERT INTO booking_count_deltas (booking_status, lead_status, needs_venue, needs_host, activated, n)
  SELECT c.booking_status, c.lead_status, c.needs_venue, c.needs_host,
         EXISTS (SELECT 1 FROM games g WHERE g.booking_id = c.id AND g.activated), sum(c.n)
  FROM (
    SELECT o.id, o.booking_status, o.lead_status,
           o.meeting_point_status IS DISTINCT FROM 'confirmed' OR o.hiding_spot_status IS DISTINCT FROM 'confirmed' AS needs_venue,
           o.hosted AND o.assigned_host_id IS NULL AS needs_host, -1 AS n
    FROM booking_counts_old o
    UNION ALL
    SELECT b.id, b.booking_status, b.lead_status,
           b.meeting_point_status IS DISTINCT FROM 'confirmed' OR b.hiding_spot_status IS DISTINCT FROM 'confirmed',
           b.hosted AND b.assigned_host_id IS NULL, 1
    FROM booking_counts_new b
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- BEFORE the delete: its game is still there (the cascade removes it afterwards).
  INSERT INTO booking_count_deltas (booking_status, lead_status, needs_venue, needs_host, activated, n)
  VALUES (OLD.booking_status, OLD.lead_status,
          OLD.meeting_point_status IS DISTINCT FROM 'confirmed' OR OLD.hiding_spot_status IS DISTINCT FROM 'confirmed',
          OLD.hosted AND OLD.assigned_host_id IS NULL,
          EXISTS (SELECT 1 FROM games g WHERE g.booking_id = OLD.id AND g.activated), -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_counts;
  DELETE FROM booking_count_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- changes: per booking, +1 when it gained an activated game, -1 when it lost one.
CREATE FUNCTION booking_counts_move_activation(booking_ids integer[], changes integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- FOR SHARE: a concurrent change of the booking's key finishes first (or waits for us), so the
  -- key moved here is the booking's latest. A booking deleted in this transaction is gone: skipped.
  WITH c AS (
    SELECT u.booking_id, sum(u.d) AS d FROM unnest(booking_ids, changes) AS u(booking_id, d)
    GROUP BY u.booking_id HAVING sum(u.d) <> 0
  ), b AS (
    SELECT b.booking_status, b.lead_status,
           b.meeting_point_status IS DISTINCT FROM 'confirmed' OR b.hiding_spot_status IS DISTINCT FROM 'confirmed' AS needs_venue,
           b.hosted AND b.assigned_host_id IS NULL AS needs_host, c.d
    FROM bookings b JOIN c ON c.booking_id = b.id
    FOR SHARE OF b
  )
  INSERT INTO booking_count_deltas (booking_status, lead_status, needs_venue, needs_host, activated, n)
  SELECT booking_status, lead_status, needs_venue, needs_host, d > 0, 1 FROM b
  UNION ALL
  SELECT booking_status, lead_status, needs_venue, needs_host, d < 0, -1 FROM b;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counts_on_game_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM booking_counts_games_new WHERE activated) THEN
    PERFORM booking_counts_move_activation(array_agg(booking_id), array_agg(1)) FROM booking_counts_games_new WHERE activated;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counts_on_game_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most game updates (weapons, host) leave activation alone: nothing to lock or write.
  IF EXISTS (SELECT 1 FROM booking_counts_games_old WHERE activated) OR EXISTS (SELECT 1 FROM booking_counts_games_new WHERE activated) THEN
    PERFORM booking_counts_move_activation(array_agg(c.booking_id), array_agg(c.d))
    FROM (
      SELECT booking_id, -1 AS d FROM booking_counts_games_old WHERE activated
      UNION ALL
      SELECT booking_id, 1 FROM booking_counts_games_new WHERE activated
    ) c;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counts_on_game_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM booking_counts_games_old WHERE activated) THEN
    PERFORM booking_counts_move_activation(array_agg(booking_id), array_agg(-1)) FROM booking_counts_games_old WHERE activated;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER booking_counts_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS booking_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER booking_counts_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS booking_counts_old NEW TABLE AS booking_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER booking_counts_delete BEFORE DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION booking_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER booking_counts_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_on_truncate();
--> statement-breakpoint
CREATE TRIGGER booking_counts_game_insert AFTER INSERT ON games REFERENCING NEW TABLE AS booking_counts_games_new
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_on_game_insert();
--> statement-breakpoint
CREATE TRIGGER booking_counts_game_update AFTER UPDATE ON games REFERENCING OLD TABLE AS booking_counts_games_old NEW TABLE AS booking_counts_games_new
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_on_game_update();
--> statement-breakpoint
CREATE TRIGGER booking_counts_game_delete AFTER DELETE ON games REFERENCING OLD TABLE AS booking_counts_games_old
  FOR EACH STATEMENT EXECUTE FUNCTION booking_counts_on_game_delete();
--> statement-breakpoint
-- The triggers above hold locks on bookings and games until the migration commits, so no write can
-- slip between this count and the first delta.
INSERT INTO booking_counts (booking_status, lead_status, needs_venue, needs_host, activated, n)
SELECT b.booking_status, b.lead_status,
       b.meeting_point_status IS DISTINCT FROM 'confirmed' OR b.hiding_spot_status IS DISTINCT FROM 'confirmed',
       b.hosted AND b.assigned_host_id IS NULL,
       coalesce(g.activated, false), count(*)
FROM bookings b LEFT JOIN games g ON g.booking_id = b.id
GROUP BY 1, 2, 3, 4, 5;
