-- A hash chain over the PHI access audit (audit_events), so that erasing or editing rows, even by
-- someone who can bypass the append-only triggers, is detected by `npm run audit:verify`
-- (app/audit/audit-chain.server.ts recomputes everything below independently).
--
-- Each row gets, on INSERT and from the database itself (never from the application):
--   seq          its position in the chain (1, 2, 3, ...),
--   content_hash sha256 hex of its content: the fields below, each written as "~" (NULL) or
--                "<octet length>:<value>", joined by "|",
--   prev_hash    the previous row's link, sha256 hex of (its prev_hash || its content_hash);
--                64 zeros for the first row.
-- Inserts are serialised by a transaction-scoped advisory lock, so any number of processes append
-- to one chain.

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "content_hash" TEXT,
ADD COLUMN     "prev_hash" TEXT,
ADD COLUMN     "seq" BIGINT;

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_seq_key" ON "audit_events"("seq");

CREATE FUNCTION "audit_chain_field"(v TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL THEN '~' ELSE octet_length(v)::text || ':' || v END
$$;

CREATE FUNCTION "audit_event_content_hash"(e "audit_events") RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    "audit_chain_field"(e."seq"::text),
    "audit_chain_field"(e."id"),
    "audit_chain_field"(e."organization_id"),
    "audit_chain_field"(e."actor_type"),
    "audit_chain_field"(e."user_id"),
    "audit_chain_field"(e."user_email"),
    "audit_chain_field"(e."api_key_id"),
    "audit_chain_field"(e."via"),
    "audit_chain_field"(e."action"),
    "audit_chain_field"(e."method"),
    "audit_chain_field"(e."path"),
    "audit_chain_field"(e."resource_type"),
    "audit_chain_field"(e."resource_id"),
    "audit_chain_field"(e."prior_auth_id"),
    "audit_chain_field"(e."ip"),
    "audit_chain_field"(e."user_agent"),
    "audit_chain_field"(to_char(e."created_at", 'YYYY-MM-DD"T"HH24:MI:SS.US'))
  ), 'UTF8')), 'hex')
$$;

CREATE FUNCTION "audit_chain_link"(prev_hash TEXT, content_hash TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || content_hash, 'UTF8')), 'hex')
$$;

CREATE FUNCTION "audit_events_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last RECORD;
BEGIN
  PERFORM pg_advisory_xact_lock(72201115);
  SELECT "seq", "prev_hash", "content_hash" INTO last FROM "audit_events" WHERE "seq" IS NOT NULL ORDER BY "seq" DESC LIMIT 1;
  IF NOT FOUND THEN
    NEW."seq" := 1;
    NEW."prev_hash" := repeat('0', 64);
  ELSE
    NEW."seq" := last."seq" + 1;
    NEW."prev_hash" := "audit_chain_link"(last."prev_hash", last."content_hash");
  END IF;
  NEW."content_hash" := "audit_event_content_hash"(NEW);
  RETURN NEW;
END;
$$;

-- Chain the rows already there, oldest first (the append-only trigger is lifted for this only).
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_update_delete";
DO $$
DECLARE
  r RECORD;
  n BIGINT := 0;
  prev TEXT := repeat('0', 64);
  content TEXT;
BEGIN
  FOR r IN SELECT "id" FROM "audit_events" ORDER BY "created_at", "id" LOOP
    n := n + 1;
    UPDATE "audit_events" SET "seq" = n, "prev_hash" = prev WHERE "id" = r."id";
    SELECT "audit_event_content_hash"(e) INTO content FROM "audit_events" e WHERE e."id" = r."id";
    UPDATE "audit_events" SET "content_hash" = content WHERE "id" = r."id";
    prev := "audit_chain_link"(prev, content);
  END LOOP;
END;
$$;
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_update_delete";

CREATE TRIGGER "audit_events_chain" BEFORE INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_chain"();
