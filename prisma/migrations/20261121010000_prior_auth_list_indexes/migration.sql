-- CreateIndex
CREATE INDEX "prior_auths_organization_id_patient_name_idx" ON "prior_auths"("organization_id", "patient_name");

-- CreateIndex
CREATE INDEX "prior_auths_organization_id_medication_name_idx" ON "prior_auths"("organization_id", "medication_name");

-- CreateIndex
CREATE INDEX "prior_auths_organization_id_practitioner_name_idx" ON "prior_auths"("organization_id", "practitioner_name");

-- CreateIndex
CREATE INDEX "prior_auths_organization_id_request_date_idx" ON "prior_auths"("organization_id", "request_date");

