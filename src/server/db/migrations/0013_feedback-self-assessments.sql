ALTER TABLE "feedback" ADD COLUMN "self_assessments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "marker_marks_awarded" real;