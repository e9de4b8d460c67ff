CREATE TABLE "paper_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"elapsed_seconds" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"retry_paper_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_paper_id_question_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."question_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_retry_paper_id_question_papers_id_fk" FOREIGN KEY ("retry_paper_id") REFERENCES "public"."question_papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_attempts_owner_paper_uq" ON "paper_attempts" USING btree ("owner_id","paper_id");