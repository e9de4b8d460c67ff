CREATE TABLE "class_removals" (
	"class_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"join_code" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "grading_results" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_removals" ADD CONSTRAINT "class_removals_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_removals" ADD CONSTRAINT "class_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_removals_class_user_uq" ON "class_removals" USING btree ("class_id","user_id");--> statement-breakpoint
ALTER TABLE "grading_results" ADD CONSTRAINT "grading_results_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_results" ADD CONSTRAINT "grading_results_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grading_results_class_student_idx" ON "grading_results" USING btree ("class_id","student_id");