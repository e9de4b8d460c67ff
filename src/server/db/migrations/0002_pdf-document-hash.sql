ALTER TABLE "pdf_documents" ADD COLUMN "content_hash" text;--> statement-breakpoint
UPDATE "pdf_documents" SET "content_hash" = encode(sha256("data"), 'hex') WHERE "content_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "pdf_documents" ALTER COLUMN "content_hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_documents_owner_hash_uq" ON "pdf_documents" USING btree ("owner_id","content_hash");
