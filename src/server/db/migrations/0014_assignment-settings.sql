CREATE TABLE "assignment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"text" text NOT NULL,
	"marks_awarded" real NOT NULL,
	"total_marks" real NOT NULL,
	"markscheme_evaluation" jsonb NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"after_feedback" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"point_id" text,
	"marks_before" real,
	"marks_after" real NOT NULL,
	"comment" text NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_assignments" ADD COLUMN "late_work" text DEFAULT 'flag' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD COLUMN "attempts_allowed" integer;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD COLUMN "counts" text DEFAULT 'last' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD COLUMN "feedback" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "teacher_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_attempts" ADD CONSTRAINT "assignment_attempts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attempts" ADD CONSTRAINT "assignment_attempts_assignment_id_class_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."class_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attempts" ADD CONSTRAINT "assignment_attempts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_overrides" ADD CONSTRAINT "mark_overrides_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_overrides" ADD CONSTRAINT "mark_overrides_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_overrides" ADD CONSTRAINT "mark_overrides_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_overrides" ADD CONSTRAINT "mark_overrides_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_attempts_owner_question_number_uq" ON "assignment_attempts" USING btree ("owner_id","assignment_id","question_id","number");--> statement-breakpoint
CREATE INDEX "assignment_attempts_assignment_idx" ON "assignment_attempts" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "mark_overrides_student_question_idx" ON "mark_overrides" USING btree ("student_id","question_id");