CREATE INDEX "companies_type_id_idx" ON "companies" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "users_type_id_idx" ON "users" USING btree ("user_type","id");