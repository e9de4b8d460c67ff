CREATE TABLE "analytics_activity" (
	"owner_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"answers" integer NOT NULL,
	"marked" integer NOT NULL,
	"score10" bigint NOT NULL,
	"seconds" bigint NOT NULL,
	CONSTRAINT "analytics_activity_owner_id_bucket_pk" PRIMARY KEY("owner_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_answer_facts" (
	"owner_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"score10" integer,
	"seconds" integer NOT NULL,
	CONSTRAINT "analytics_answer_facts_owner_id_question_id_pk" PRIMARY KEY("owner_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"owner_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"answers" integer NOT NULL,
	"seconds" bigint NOT NULL,
	CONSTRAINT "analytics_sessions_owner_id_started_at_pk" PRIMARY KEY("owner_id","started_at")
);
--> statement-breakpoint
CREATE TABLE "analytics_topic_totals" (
	"owner_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"answers" integer NOT NULL,
	"marked" integer NOT NULL,
	"correct" integer NOT NULL,
	"score10" bigint NOT NULL,
	"seconds" bigint NOT NULL,
	CONSTRAINT "analytics_topic_totals_owner_id_course_id_topic_pk" PRIMARY KEY("owner_id","course_id","topic")
);
--> statement-breakpoint
CREATE INDEX "analytics_answer_facts_owner_created_idx" ON "analytics_answer_facts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_answer_facts_owner_course_created_idx" ON "analytics_answer_facts" USING btree ("owner_id","course_id","created_at","question_id");--> statement-breakpoint
CREATE INDEX "analytics_sessions_owner_ended_idx" ON "analytics_sessions" USING btree ("owner_id","ended_at");--> statement-breakpoint
-- Issue 13 item 3: the analytics summary, kept by triggers (see schema.ts). The constants are the spec's:
-- 600 = CORRECT_SCORE_PERCENT (60) in tenths, 30 minutes = SESSION_GAP_MINUTES; analytics-summary tests check them.
CREATE FUNCTION analytics_add(p_owner uuid, p_course uuid, p_topic text, p_at timestamptz, p_score10 integer, p_secs integer, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_bucket timestamptz := date_bin('15 minutes', p_at, timestamptz '2000-01-01 00:00:00+00');
BEGIN
  INSERT INTO analytics_topic_totals AS t (owner_id, course_id, topic, answers, marked, correct, score10, seconds)
  VALUES (p_owner, p_course, p_topic, p_sign, CASE WHEN p_score10 IS NULL THEN 0 ELSE p_sign END,
    CASE WHEN p_score10 >= 600 THEN p_sign ELSE 0 END, p_sign * coalesce(p_score10, 0), p_sign * p_secs)
  ON CONFLICT (owner_id, course_id, topic) DO UPDATE SET answers = t.answers + excluded.answers, marked = t.marked + excluded.marked,
    correct = t.correct + excluded.correct, score10 = t.score10 + excluded.score10, seconds = t.seconds + excluded.seconds;
  DELETE FROM analytics_topic_totals WHERE owner_id = p_owner AND course_id = p_course AND topic = p_topic AND answers = 0;
  INSERT INTO analytics_activity AS t (owner_id, bucket, answers, marked, score10, seconds)
  VALUES (p_owner, v_bucket, p_sign, CASE WHEN p_score10 IS NULL THEN 0 ELSE p_sign END, p_sign * coalesce(p_score10, 0), p_sign * p_secs)
  ON CONFLICT (owner_id, bucket) DO UPDATE SET answers = t.answers + excluded.answers, marked = t.marked + excluded.marked,
    score10 = t.score10 + excluded.score10, seconds = t.seconds + excluded.seconds;
  DELETE FROM analytics_activity WHERE owner_id = p_owner AND bucket = v_bucket AND answers = 0;
END $$;
--> statement-breakpoint
-- Recounts the study sessions near p_at: the sessions within the gap of it are dropped and the runs of the answers
-- they spanned (p_at included) are counted again; sessions further away cannot change.
CREATE FUNCTION analytics_resession(p_owner uuid, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_lo timestamptz;
  v_hi timestamptz;
BEGIN
  WITH gone AS (
    DELETE FROM analytics_sessions WHERE owner_id = p_owner AND ended_at >= p_at - interval '30 minutes'
      AND started_at <= p_at + interval '30 minutes' RETURNING started_at, ended_at)
  SELECT least(min(started_at), p_at), greatest(max(ended_at), p_at) INTO v_lo, v_hi FROM gone;
  INSERT INTO analytics_sessions (owner_id, started_at, ended_at, answers, seconds)
  SELECT p_owner, min(created_at), max(created_at), count(*), sum(seconds) FROM (
    SELECT created_at, seconds, sum(starts) OVER (ORDER BY created_at ROWS UNBOUNDED PRECEDING) AS run FROM (
      SELECT created_at, seconds,
        CASE WHEN lag(created_at) OVER (ORDER BY created_at) >= created_at - interval '30 minutes' THEN 0 ELSE 1 END AS starts
      FROM analytics_answer_facts WHERE owner_id = p_owner AND created_at BETWEEN v_lo AND v_hi) s) r
  GROUP BY run;
END $$;
--> statement-breakpoint
-- Brings one answer's share of the summary up to date: what it adds now (a submitted answer, its question's
-- course and topic, its mark) against what it added before (analytics_answer_facts).
CREATE FUNCTION analytics_refresh(p_owner uuid, p_question uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o analytics_answer_facts%ROWTYPE;
  n analytics_answer_facts%ROWTYPE;
  has_old boolean;
  has_new boolean;
BEGIN
  -- One writer per student at a time (several app instances on PostgreSQL): the sessions are recounted from a
  -- consistent set of answers.
  PERFORM pg_advisory_xact_lock(hashtext('markwell-analytics:' || p_owner::text));
  SELECT * INTO o FROM analytics_answer_facts WHERE owner_id = p_owner AND question_id = p_question;
  has_old := FOUND;
  SELECT a.owner_id, a.question_id, q.course_id, coalesce(q.topic, ''), a.created_at,
    CASE WHEN f.total_marks > 0 THEN round(1000.0 * f.marks_awarded / f.total_marks)::integer END,
    greatest(a.time_spent_seconds, 0)
  INTO n
  FROM answers a JOIN questions q ON q.id = a.question_id
  LEFT JOIN feedback f ON f.owner_id = a.owner_id AND f.question_id = a.question_id
  WHERE a.owner_id = p_owner AND a.question_id = p_question AND a.submitted;
  has_new := FOUND;
  IF has_old AND has_new AND o.course_id = n.course_id AND o.topic = n.topic AND o.created_at = n.created_at
    AND o.score10 IS NOT DISTINCT FROM n.score10 AND o.seconds = n.seconds THEN
    RETURN;
  END IF;
  IF has_old THEN
    PERFORM analytics_add(p_owner, o.course_id, o.topic, o.created_at, o.score10, o.seconds, -1);
    DELETE FROM analytics_answer_facts WHERE owner_id = p_owner AND question_id = p_question;
  END IF;
  IF has_new THEN
    PERFORM analytics_add(p_owner, n.course_id, n.topic, n.created_at, n.score10, n.seconds, 1);
    INSERT INTO analytics_answer_facts VALUES (n.*);
  END IF;
  IF has_old THEN
    PERFORM analytics_resession(p_owner, o.created_at);
  END IF;
  IF has_new AND NOT (has_old AND o.created_at = n.created_at) THEN
    PERFORM analytics_resession(p_owner, n.created_at);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_refresh(OLD.owner_id, OLD.question_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.owner_id, NEW.question_id) IS DISTINCT FROM (OLD.owner_id, OLD.question_id)) THEN
    PERFORM analytics_refresh(NEW.owner_id, NEW.question_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_answers_insert_delete AFTER INSERT OR DELETE ON answers
  FOR EACH ROW EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
-- Saves of a draft (text, revision, updated_at) leave the summary alone: only what it counts fires the trigger.
CREATE TRIGGER analytics_answers_update AFTER UPDATE ON answers FOR EACH ROW
  WHEN ((OLD.submitted OR NEW.submitted) AND (OLD.submitted, OLD.time_spent_seconds, OLD.created_at, OLD.owner_id, OLD.question_id)
    IS DISTINCT FROM (NEW.submitted, NEW.time_spent_seconds, NEW.created_at, NEW.owner_id, NEW.question_id))
  EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_feedback_insert_delete AFTER INSERT OR DELETE ON feedback
  FOR EACH ROW EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_feedback_update AFTER UPDATE ON feedback FOR EACH ROW
  WHEN ((OLD.marks_awarded, OLD.total_marks, OLD.owner_id, OLD.question_id) IS DISTINCT FROM (NEW.marks_awarded, NEW.total_marks, NEW.owner_id, NEW.question_id))
  EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
CREATE FUNCTION analytics_question_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_owner uuid;
BEGIN
  FOR v_owner IN SELECT owner_id FROM answers WHERE question_id = NEW.id AND submitted LOOP
    PERFORM analytics_refresh(v_owner, NEW.id);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_questions_update AFTER UPDATE ON questions FOR EACH ROW
  WHEN ((OLD.course_id, OLD.topic) IS DISTINCT FROM (NEW.course_id, NEW.topic))
  EXECUTE FUNCTION analytics_question_changed();
--> statement-breakpoint
-- Backfill from the answers already there.
INSERT INTO analytics_answer_facts (owner_id, question_id, course_id, topic, created_at, score10, seconds)
SELECT a.owner_id, a.question_id, q.course_id, coalesce(q.topic, ''), a.created_at,
  CASE WHEN f.total_marks > 0 THEN round(1000.0 * f.marks_awarded / f.total_marks)::integer END, greatest(a.time_spent_seconds, 0)
FROM answers a JOIN questions q ON q.id = a.question_id
LEFT JOIN feedback f ON f.owner_id = a.owner_id AND f.question_id = a.question_id
WHERE a.submitted;
--> statement-breakpoint
INSERT INTO analytics_topic_totals (owner_id, course_id, topic, answers, marked, correct, score10, seconds)
SELECT owner_id, course_id, topic, count(*), count(score10), count(*) FILTER (WHERE score10 >= 600), coalesce(sum(score10), 0), sum(seconds)
FROM analytics_answer_facts GROUP BY owner_id, course_id, topic;
--> statement-breakpoint
INSERT INTO analytics_activity (owner_id, bucket, answers, marked, score10, seconds)
SELECT owner_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), count(*), count(score10), coalesce(sum(score10), 0), sum(seconds)
FROM analytics_answer_facts GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO analytics_sessions (owner_id, started_at, ended_at, answers, seconds)
SELECT owner_id, min(created_at), max(created_at), count(*), sum(seconds) FROM (
  SELECT owner_id, created_at, seconds, sum(starts) OVER (PARTITION BY owner_id ORDER BY created_at ROWS UNBOUNDED PRECEDING) AS run FROM (
    SELECT owner_id, created_at, seconds,
      CASE WHEN lag(created_at) OVER (PARTITION BY owner_id ORDER BY created_at) >= created_at - interval '30 minutes' THEN 0 ELSE 1 END AS starts
    FROM analytics_answer_facts) s) r
GROUP BY owner_id, run;
