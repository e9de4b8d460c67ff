CREATE TABLE "practice_papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"topic" text NOT NULL,
	"difficulty_level" text NOT NULL,
	"questions" jsonb NOT NULL,
	"generated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_papers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "scheme_source" text;--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "questions" jsonb;--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "paper_id" uuid;--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "transcript_corrected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_papers" ADD CONSTRAINT "practice_papers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_papers_owner_idx" ON "practice_papers" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "grading_results" ADD CONSTRAINT "grading_results_paper_id_practice_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."practice_papers"("id") ON DELETE set null ON UPDATE no action;