-- A claim that is a pre-service request (a prior-authorization / precertification form, an ePA or a
-- FHIR PAS request) rather than a claim for services rendered: its lines are never counted as earlier
-- services by a frequency or unit limit (run-claim-intake.server.ts loadPriorServiceLines).
ALTER TABLE "claims" ADD COLUMN "pre_service" BOOLEAN NOT NULL DEFAULT false;
