ALTER TABLE "questions" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;