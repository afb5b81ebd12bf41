-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "vector";

-- CreateTable
CREATE TABLE "organizations" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT,
    "avatar" TEXT,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "parent_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "avatar" TEXT,
    "code_view" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "last_sign_in_at" TIMESTAMP(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "roles" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "owner" BOOLEAN NOT NULL DEFAULT false,
    "role_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "user_agent" TEXT,
    "ip" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_outbox" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'sign_in_code',
    "transport" TEXT NOT NULL DEFAULT 'outbox',
    "sent_at" TIMESTAMP(3),
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_attempts" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT,
    "token_prefix" TEXT NOT NULL,
    "token_digest" TEXT NOT NULL,
    "revoked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prior_auths" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "submission_type" TEXT NOT NULL DEFAULT 'fax',
    "intake_status" TEXT NOT NULL DEFAULT 'pending',
    "intake_step" INTEGER NOT NULL DEFAULT 0,
    "intake_error" TEXT,
    "epa_processed" BOOLEAN NOT NULL DEFAULT false,
    "medication_name" TEXT,
    "patient_name" TEXT,
    "practitioner_name" TEXT,
    "urgency" TEXT NOT NULL DEFAULT 'standard',
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "request_date" DATE,
    "due_at" TIMESTAMP(3),
    "plan_id" TEXT,
    "coverage_policy_id" TEXT,
    "member_id" TEXT,
    "final_decision" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "prior_auths_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "coverage_policy_id" TEXT,
    "plan_id" TEXT,
    "kind" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL DEFAULT 'application/pdf',
    "byte_size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "page_count" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'stored',
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_pages" (
    "id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "page_number" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "ocr" BOOLEAN NOT NULL DEFAULT false,
    "confidence" DOUBLE PRECISION,
    "width" DOUBLE PRECISION,
    "height" DOUBLE PRECISION,
    "words" JSONB,

    CONSTRAINT "document_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_chunks" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "coverage_policy_id" TEXT,
    "page_number" INTEGER NOT NULL,
    "start_offset" INTEGER NOT NULL,
    "end_offset" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "embedding" vector(384),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_chunks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "epa_submissions" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "synthetic_document" TEXT NOT NULL,
    "payload" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "epa_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "patients" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "first_name" TEXT,
    "last_name" TEXT,
    "birth_date" TEXT,
    "gender" TEXT,
    "insurance_plan" TEXT,
    "plan_identification" TEXT,
    "member_id" TEXT,
    "citations" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "patients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "practitioners" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "role" TEXT NOT NULL DEFAULT 'prescriber',
    "full_name" TEXT,
    "npi" TEXT,
    "npi_valid" BOOLEAN,
    "state_license" TEXT,
    "specialty" TEXT,
    "phone_number" TEXT,
    "fax_phone_number" TEXT,
    "organization_name" TEXT,
    "npi_data" JSONB,
    "citations" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "practitioners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagnoses" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "code" TEXT,
    "code_system" TEXT NOT NULL DEFAULT 'ICD-10-CM',
    "description" TEXT,
    "primary" BOOLEAN NOT NULL DEFAULT false,
    "ai_summary" TEXT,
    "clinical_indication_summary" TEXT,
    "citations" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "diagnoses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "medication_requests" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "drug_name" TEXT,
    "strength" TEXT,
    "dosage" TEXT,
    "quantity" DOUBLE PRECISION,
    "quantity_unit" TEXT,
    "days_supply" INTEGER,
    "duration_months" DOUBLE PRECISION,
    "ndc" TEXT,
    "rxcui" TEXT,
    "drug_class" TEXT,
    "ai_summary" TEXT,
    "citations" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "medication_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prior_therapies" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "drug_name" TEXT NOT NULL,
    "dose" TEXT,
    "start_date" TEXT,
    "end_date" TEXT,
    "duration_days" INTEGER,
    "outcome" TEXT,
    "citations" JSONB,

    CONSTRAINT "prior_therapies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lab_results" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" DOUBLE PRECISION,
    "value_text" TEXT,
    "unit" TEXT,
    "observed_on" TEXT,
    "citations" JSONB,

    CONSTRAINT "lab_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_agent_runs" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "coverage_policy_id" TEXT,
    "agent" TEXT NOT NULL,
    "step" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'running',
    "task_message" TEXT,
    "engine" TEXT NOT NULL DEFAULT 'builtin',
    "model" TEXT,
    "input" JSONB,
    "output" JSONB,
    "error" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "duration_ms" INTEGER,

    CONSTRAINT "ai_agent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_decisions" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "final_decision" TEXT NOT NULL,
    "confidence_score" DOUBLE PRECISION NOT NULL,
    "ai_summary" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "citations" JSONB NOT NULL DEFAULT '[]',
    "decision_tree_traversal" JSONB NOT NULL DEFAULT '[]',
    "response_data" JSONB,
    "engine" TEXT NOT NULL DEFAULT 'builtin',
    "model" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "human_decisions" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "ai_decision_id" TEXT,
    "user_id" TEXT,
    "decision_type" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "human_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_responses" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "approved" BOOLEAN,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "policy_checks" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "coverage_policy_id" TEXT,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'clinical',
    "passed" BOOLEAN,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "policy_checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "policy_check_steps" (
    "id" TEXT NOT NULL,
    "policy_check_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "node_id" TEXT,
    "question" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "passed" BOOLEAN,
    "citations" JSONB,

    CONSTRAINT "policy_check_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pbm_policy_results" (
    "id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "formulary_drug_requirement_id" TEXT,
    "ndc" TEXT,
    "requires_prior_auth" BOOLEAN,
    "on_formulary" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB,
    "quantity_limit" JSONB,
    "step_therapy" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pbm_policy_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "identification" TEXT NOT NULL,
    "document_type" TEXT NOT NULL DEFAULT 'pharmacy',
    "line_of_business" TEXT NOT NULL,
    "plan_type" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "effective_date" DATE NOT NULL,
    "termination_date" DATE,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "file_url" TEXT,
    "reducto_job_id" TEXT,
    "processed_at" TIMESTAMP(3),
    "extraction_schema" JSONB,
    "extracted_policies" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "members" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT,
    "member_id" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "birth_date" DATE NOT NULL,
    "gender" TEXT,
    "plan_identification" TEXT,
    "coverage_start" DATE NOT NULL,
    "coverage_end" DATE,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coverage_policies" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "drug_name" TEXT NOT NULL,
    "drugs_list" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "policy_type" TEXT NOT NULL DEFAULT 'pharmacy',
    "policy_text" TEXT,
    "structured_logic" JSONB,
    "tree_status" TEXT NOT NULL DEFAULT 'none',
    "tree_error" TEXT,
    "external_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "coverage_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coverage_policy_nodes" (
    "id" TEXT NOT NULL,
    "coverage_policy_id" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "reason" TEXT,
    "node_type" TEXT NOT NULL,
    "node_action" TEXT,
    "condition" TEXT,
    "parent_id" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "criterion" JSONB,
    "passage" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coverage_policy_nodes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coverage_policy_edges" (
    "id" TEXT NOT NULL,
    "coverage_policy_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "condition" TEXT,

    CONSTRAINT "coverage_policy_edges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "formulary_drug_requirements" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT,
    "drug_name" TEXT NOT NULL,
    "ndc" TEXT,
    "rxcui" TEXT,
    "products" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tier" INTEGER,
    "requires_prior_auth" BOOLEAN NOT NULL DEFAULT true,
    "quantity_limit" JSONB,
    "step_therapy" JSONB,
    "exclusion_criteria" TEXT,
    "required_medical_information" TEXT,
    "prescriber_restrictions" TEXT,
    "coverage_duration" TEXT,
    "other_criteria" TEXT,
    "indication" TEXT,
    "off_label_uses" TEXT,
    "part_b_prerequisite" TEXT,
    "notes" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "formulary_drug_requirements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_rules" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "applies_to" TEXT NOT NULL,
    "conditions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "actions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "scoped_drug_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "scoped_plan_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "scoped_ndcs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "scoped_rxnorms" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "start_date" DATE,
    "end_date" DATE,
    "priority" INTEGER NOT NULL DEFAULT 5,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "event_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "secret" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_endpoint_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "request_body" TEXT,
    "response_code" INTEGER,
    "response_body" TEXT,
    "success" BOOLEAN NOT NULL DEFAULT false,
    "error_message" TEXT,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compendia" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "logo" TEXT,
    "source_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compendia_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compendium_integrations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "compendium_id" TEXT NOT NULL,
    "access_key" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compendium_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pbm_configurations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "settings" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pbm_configurations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "letter_forms" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'denial',
    "template_body" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "letter_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "letters" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "letter_form_id" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'denial',
    "denial_reason" TEXT NOT NULL,
    "criterion" TEXT,
    "body" TEXT NOT NULL,
    "pdf" BYTEA,
    "signed_off_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "letters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claims" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "submission_type" TEXT NOT NULL DEFAULT 'fax',
    "intake_finished" BOOLEAN NOT NULL DEFAULT false,
    "intake_status" TEXT NOT NULL DEFAULT 'pending',
    "intake_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_requests" (
    "id" TEXT NOT NULL,
    "claim_id" TEXT NOT NULL,
    "code" TEXT,
    "code_system" TEXT NOT NULL DEFAULT 'HCPCS/CPT',
    "ai_summary" TEXT,
    "notes" TEXT,
    "units" DOUBLE PRECISION,
    "service_date" TEXT,
    "citations" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_decisions" (
    "id" TEXT NOT NULL,
    "claim_id" TEXT NOT NULL,
    "service_request_id" TEXT,
    "agent" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "approved" BOOLEAN,
    "ai_summary" TEXT,
    "metadata" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prompts" (
    "id" TEXT NOT NULL,
    "target" TEXT NOT NULL DEFAULT 'prior_auth',
    "prompt_type" TEXT NOT NULL,
    "system_prompt" TEXT NOT NULL,
    "user_prompt" TEXT NOT NULL,
    "json_schema" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "prompts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ground_truths" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT,
    "claim_id" TEXT,
    "prompt_type" TEXT NOT NULL,
    "input" JSONB,
    "expected" JSONB NOT NULL,
    "notes" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ground_truths_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_threads" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" TEXT NOT NULL,
    "chat_thread_id" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "ai_sender" BOOLEAN NOT NULL DEFAULT false,
    "streaming" BOOLEAN NOT NULL DEFAULT false,
    "error" BOOLEAN NOT NULL DEFAULT false,
    "citations" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blogs" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "published" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "blogs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "run_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_at" TIMESTAMP(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "key" TEXT,
    "result" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "worker_processes" (
    "id" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_processes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "live_events" (
    "id" BIGSERIAL NOT NULL,
    "channel" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_parent_id_key" ON "organizations"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "roles_organization_id_name_key" ON "roles"("organization_id", "name");

-- CreateIndex
CREATE INDEX "memberships_organization_id_idx" ON "memberships"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_user_id_organization_id_key" ON "memberships"("user_id", "organization_id");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "email_outbox_to_created_at_idx" ON "email_outbox"("to", "created_at");

-- CreateIndex
CREATE INDEX "auth_attempts_email_created_at_idx" ON "auth_attempts"("email", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_token_digest_key" ON "api_keys"("token_digest");

-- CreateIndex
CREATE INDEX "api_keys_organization_id_idx" ON "api_keys"("organization_id");

-- CreateIndex
CREATE INDEX "prior_auths_organization_id_created_at_idx" ON "prior_auths"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "documents_organization_id_idx" ON "documents"("organization_id");

-- CreateIndex
CREATE INDEX "documents_prior_auth_id_idx" ON "documents"("prior_auth_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_pages_document_id_page_number_key" ON "document_pages"("document_id", "page_number");

-- CreateIndex
CREATE INDEX "document_chunks_embedding_idx" ON "document_chunks" USING hnsw ("embedding" vector_cosine_ops);

-- Full-text side of hybrid retrieval.
CREATE INDEX "document_chunks_text_fts_idx" ON "document_chunks" USING gin (to_tsvector('english', "text"));

-- CreateIndex
CREATE INDEX "document_chunks_organization_id_prior_auth_id_idx" ON "document_chunks"("organization_id", "prior_auth_id");

-- CreateIndex
CREATE INDEX "document_chunks_coverage_policy_id_idx" ON "document_chunks"("coverage_policy_id");

-- CreateIndex
CREATE UNIQUE INDEX "epa_submissions_prior_auth_id_key" ON "epa_submissions"("prior_auth_id");

-- CreateIndex
CREATE UNIQUE INDEX "epa_submissions_claim_id_key" ON "epa_submissions"("claim_id");

-- CreateIndex
CREATE UNIQUE INDEX "patients_prior_auth_id_key" ON "patients"("prior_auth_id");

-- CreateIndex
CREATE UNIQUE INDEX "patients_claim_id_key" ON "patients"("claim_id");

-- CreateIndex
CREATE INDEX "practitioners_prior_auth_id_idx" ON "practitioners"("prior_auth_id");

-- CreateIndex
CREATE INDEX "diagnoses_prior_auth_id_idx" ON "diagnoses"("prior_auth_id");

-- CreateIndex
CREATE INDEX "diagnoses_claim_id_idx" ON "diagnoses"("claim_id");

-- CreateIndex
CREATE INDEX "medication_requests_prior_auth_id_idx" ON "medication_requests"("prior_auth_id");

-- CreateIndex
CREATE INDEX "prior_therapies_prior_auth_id_idx" ON "prior_therapies"("prior_auth_id");

-- CreateIndex
CREATE INDEX "lab_results_prior_auth_id_idx" ON "lab_results"("prior_auth_id");

-- CreateIndex
CREATE INDEX "ai_agent_runs_prior_auth_id_idx" ON "ai_agent_runs"("prior_auth_id");

-- CreateIndex
CREATE INDEX "ai_agent_runs_claim_id_idx" ON "ai_agent_runs"("claim_id");

-- CreateIndex
CREATE UNIQUE INDEX "ai_decisions_prior_auth_id_key" ON "ai_decisions"("prior_auth_id");

-- CreateIndex
CREATE INDEX "human_decisions_prior_auth_id_idx" ON "human_decisions"("prior_auth_id");

-- CreateIndex
CREATE INDEX "ai_responses_prior_auth_id_idx" ON "ai_responses"("prior_auth_id");

-- CreateIndex
CREATE INDEX "policy_checks_prior_auth_id_idx" ON "policy_checks"("prior_auth_id");

-- CreateIndex
CREATE INDEX "policy_check_steps_policy_check_id_idx" ON "policy_check_steps"("policy_check_id");

-- CreateIndex
CREATE UNIQUE INDEX "pbm_policy_results_prior_auth_id_key" ON "pbm_policy_results"("prior_auth_id");

-- CreateIndex
CREATE INDEX "plans_organization_id_idx" ON "plans"("organization_id");

-- CreateIndex
CREATE INDEX "members_organization_id_last_name_idx" ON "members"("organization_id", "last_name");

-- CreateIndex
CREATE UNIQUE INDEX "members_organization_id_member_id_key" ON "members"("organization_id", "member_id");

-- CreateIndex
CREATE INDEX "coverage_policies_organization_id_plan_id_idx" ON "coverage_policies"("organization_id", "plan_id");

-- CreateIndex
CREATE INDEX "coverage_policy_nodes_coverage_policy_id_idx" ON "coverage_policy_nodes"("coverage_policy_id");

-- CreateIndex
CREATE INDEX "coverage_policy_edges_coverage_policy_id_idx" ON "coverage_policy_edges"("coverage_policy_id");

-- CreateIndex
CREATE INDEX "formulary_drug_requirements_organization_id_drug_name_idx" ON "formulary_drug_requirements"("organization_id", "drug_name");

-- CreateIndex
CREATE INDEX "formulary_drug_requirements_organization_id_ndc_idx" ON "formulary_drug_requirements"("organization_id", "ndc");

-- CreateIndex
CREATE INDEX "ai_rules_organization_id_idx" ON "ai_rules"("organization_id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_organization_id_idx" ON "webhook_endpoints"("organization_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_endpoint_id_created_at_idx" ON "webhook_deliveries"("webhook_endpoint_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "compendia_name_key" ON "compendia"("name");

-- CreateIndex
CREATE UNIQUE INDEX "compendium_integrations_organization_id_compendium_id_key" ON "compendium_integrations"("organization_id", "compendium_id");

-- CreateIndex
CREATE INDEX "pbm_configurations_organization_id_idx" ON "pbm_configurations"("organization_id");

-- CreateIndex
CREATE INDEX "letter_forms_organization_id_idx" ON "letter_forms"("organization_id");

-- CreateIndex
CREATE INDEX "letters_prior_auth_id_idx" ON "letters"("prior_auth_id");

-- CreateIndex
CREATE INDEX "claims_organization_id_created_at_idx" ON "claims"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "service_requests_claim_id_idx" ON "service_requests"("claim_id");

-- CreateIndex
CREATE INDEX "service_decisions_claim_id_idx" ON "service_decisions"("claim_id");

-- CreateIndex
CREATE UNIQUE INDEX "prompts_target_prompt_type_key" ON "prompts"("target", "prompt_type");

-- CreateIndex
CREATE INDEX "ground_truths_organization_id_idx" ON "ground_truths"("organization_id");

-- CreateIndex
CREATE INDEX "chat_threads_prior_auth_id_idx" ON "chat_threads"("prior_auth_id");

-- CreateIndex
CREATE INDEX "chat_messages_chat_thread_id_created_at_idx" ON "chat_messages"("chat_thread_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "blogs_slug_key" ON "blogs"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs"("key");

-- CreateIndex
CREATE INDEX "jobs_status_run_at_priority_idx" ON "jobs"("status", "run_at", "priority");

-- CreateIndex
CREATE INDEX "jobs_locked_by_idx" ON "jobs"("locked_by");

-- CreateIndex
CREATE INDEX "live_events_channel_id_idx" ON "live_events"("channel", "id");

-- AddForeignKey
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roles" ADD CONSTRAINT "roles_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_auths" ADD CONSTRAINT "prior_auths_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_auths" ADD CONSTRAINT "prior_auths_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_auths" ADD CONSTRAINT "prior_auths_coverage_policy_id_fkey" FOREIGN KEY ("coverage_policy_id") REFERENCES "coverage_policies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_auths" ADD CONSTRAINT "prior_auths_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_coverage_policy_id_fkey" FOREIGN KEY ("coverage_policy_id") REFERENCES "coverage_policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_coverage_policy_id_fkey" FOREIGN KEY ("coverage_policy_id") REFERENCES "coverage_policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "epa_submissions" ADD CONSTRAINT "epa_submissions_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "epa_submissions" ADD CONSTRAINT "epa_submissions_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patients" ADD CONSTRAINT "patients_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patients" ADD CONSTRAINT "patients_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patients" ADD CONSTRAINT "patients_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "medication_requests" ADD CONSTRAINT "medication_requests_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_therapies" ADD CONSTRAINT "prior_therapies_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_agent_runs" ADD CONSTRAINT "ai_agent_runs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_agent_runs" ADD CONSTRAINT "ai_agent_runs_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_agent_runs" ADD CONSTRAINT "ai_agent_runs_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_decisions" ADD CONSTRAINT "ai_decisions_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "human_decisions" ADD CONSTRAINT "human_decisions_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "human_decisions" ADD CONSTRAINT "human_decisions_ai_decision_id_fkey" FOREIGN KEY ("ai_decision_id") REFERENCES "ai_decisions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "human_decisions" ADD CONSTRAINT "human_decisions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_responses" ADD CONSTRAINT "ai_responses_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "policy_checks" ADD CONSTRAINT "policy_checks_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "policy_check_steps" ADD CONSTRAINT "policy_check_steps_policy_check_id_fkey" FOREIGN KEY ("policy_check_id") REFERENCES "policy_checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pbm_policy_results" ADD CONSTRAINT "pbm_policy_results_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "members" ADD CONSTRAINT "members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "members" ADD CONSTRAINT "members_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coverage_policies" ADD CONSTRAINT "coverage_policies_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coverage_policies" ADD CONSTRAINT "coverage_policies_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coverage_policy_nodes" ADD CONSTRAINT "coverage_policy_nodes_coverage_policy_id_fkey" FOREIGN KEY ("coverage_policy_id") REFERENCES "coverage_policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coverage_policy_edges" ADD CONSTRAINT "coverage_policy_edges_coverage_policy_id_fkey" FOREIGN KEY ("coverage_policy_id") REFERENCES "coverage_policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "formulary_drug_requirements" ADD CONSTRAINT "formulary_drug_requirements_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "formulary_drug_requirements" ADD CONSTRAINT "formulary_drug_requirements_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_rules" ADD CONSTRAINT "ai_rules_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_endpoint_id_fkey" FOREIGN KEY ("webhook_endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compendium_integrations" ADD CONSTRAINT "compendium_integrations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compendium_integrations" ADD CONSTRAINT "compendium_integrations_compendium_id_fkey" FOREIGN KEY ("compendium_id") REFERENCES "compendia"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pbm_configurations" ADD CONSTRAINT "pbm_configurations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "letter_forms" ADD CONSTRAINT "letter_forms_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "letters" ADD CONSTRAINT "letters_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "letters" ADD CONSTRAINT "letters_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "letters" ADD CONSTRAINT "letters_letter_form_id_fkey" FOREIGN KEY ("letter_form_id") REFERENCES "letter_forms"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "letters" ADD CONSTRAINT "letters_signed_off_by_id_fkey" FOREIGN KEY ("signed_off_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_decisions" ADD CONSTRAINT "service_decisions_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_decisions" ADD CONSTRAINT "service_decisions_service_request_id_fkey" FOREIGN KEY ("service_request_id") REFERENCES "service_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ground_truths" ADD CONSTRAINT "ground_truths_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ground_truths" ADD CONSTRAINT "ground_truths_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ground_truths" ADD CONSTRAINT "ground_truths_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ground_truths" ADD CONSTRAINT "ground_truths_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_thread_id_fkey" FOREIGN KEY ("chat_thread_id") REFERENCES "chat_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

