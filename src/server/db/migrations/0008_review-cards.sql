CREATE TABLE "review_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"fsrs" jsonb NOT NULL,
	"fsrs_due" timestamp with time zone NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"last_rating" integer NOT NULL,
	"last_score" real NOT NULL,
	"last_reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exam_date" date;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_cards_owner_question_uq" ON "review_cards" USING btree ("owner_id","question_id");--> statement-breakpoint
CREATE INDEX "review_cards_owner_due_idx" ON "review_cards" USING btree ("owner_id","due");