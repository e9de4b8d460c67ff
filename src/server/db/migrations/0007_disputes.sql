CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"point_id" text NOT NULL,
	"point_text" text NOT NULL,
	"answer_text" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome_comment" text,
	"accepted_wording" text,
	"marks_before" real,
	"marks_after" real,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "level" jsonb;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_owner_created_idx" ON "disputes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_question_idx" ON "disputes" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_point_uq" ON "disputes" USING btree ("owner_id","question_id","point_id") WHERE status = 'open';